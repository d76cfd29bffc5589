import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, readTrustedDevice, trustedDeviceCookie } from "./trusted-device.server";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const USER_A = "7f1d2c3b-0000-4000-8000-00000000000a";
const USER_B = "7f1d2c3b-0000-4000-8000-00000000000b";

const requestWith = (setCookie: string) =>
  new Request("http://127.0.0.1/login/desktop", { headers: { cookie: setCookie.split(";")[0]! } });

describe("the trusted-device cookie", () => {
  it("is HttpOnly, long-lived and names the device and the account", () => {
    const { setCookie, device } = trustedDeviceCookie({
      current: null,
      userId: USER_A,
      secret: SECRET,
      isSecure: true,
    });
    expect(setCookie.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=31536000/);
    expect(readTrustedDevice(requestWith(setCookie), SECRET)).toEqual(device);
    expect(device.userIds).toEqual([USER_A]);
  });

  it("keeps its device id and adds accounts, at most five", () => {
    let { device } = trustedDeviceCookie({ current: null, userId: USER_A, secret: SECRET, isSecure: false });
    const deviceId = device.deviceId;
    ({ device } = trustedDeviceCookie({ current: device, userId: USER_B, secret: SECRET, isSecure: false }));
    expect(device).toEqual({ deviceId, userIds: [USER_A, USER_B] });
    for (let index = 0; index < 5; index += 1) {
      const userId = `7f1d2c3b-0000-4000-8000-00000000010${index}`;
      ({ device } = trustedDeviceCookie({ current: device, userId, secret: SECRET, isSecure: false }));
    }
    expect(device.userIds).toHaveLength(5);
    expect(device.userIds).not.toContain(USER_A);
  });

  it("is refused when altered or signed with another secret", () => {
    const { setCookie } = trustedDeviceCookie({ current: null, userId: USER_A, secret: SECRET, isSecure: false });
    const value = setCookie.split(";")[0]!;
    const altered = value.replace(USER_A, USER_B);
    expect(readTrustedDevice(requestWith(altered), SECRET)).toBeNull();
    expect(readTrustedDevice(requestWith(value), `${SECRET}-other`)).toBeNull();
    expect(readTrustedDevice(requestWith(`${DEVICE_COOKIE}=garbage`), SECRET)).toBeNull();
    expect(readTrustedDevice(new Request("http://127.0.0.1/"), SECRET)).toBeNull();
  });
});
