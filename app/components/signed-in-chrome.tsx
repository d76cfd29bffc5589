import { RealtimeProvider } from "~/client/use-realtime";
import { SiteChrome, type SiteChromeProps } from "./site-chrome";
import { useNotificationCenter, type NotificationCenterData } from "./use-notification-center";

// The chrome of a signed-in person (docs/decisions/0041-what-a-page-carries.md): the realtime stream
// and the live notification centre around the shared chrome. The root loads this module only when
// there is a person, so a signed-out page never downloads it.

export type SignedInChromeProps = Omit<SiteChromeProps, "notificationCenter"> & {
  /** The root loader's notifications and unread messages. */
  initialNotifications: NotificationCenterData | null;
  /** The realtime stream starts after this event id (the root loader's). */
  realtimeAfter: number | null;
};

export default function SignedInChrome({ realtimeAfter, ...props }: SignedInChromeProps) {
  return (
    <RealtimeProvider after={realtimeAfter}>
      <LiveChrome {...props} />
    </RealtimeProvider>
  );
}

/** The chrome with the person's notifications and unread messages kept live by the realtime stream. */
function LiveChrome({ initialNotifications, ...props }: Omit<SignedInChromeProps, "realtimeAfter">) {
  const notificationCenter = useNotificationCenter(initialNotifications);
  return <SiteChrome {...props} notificationCenter={notificationCenter} />;
}
