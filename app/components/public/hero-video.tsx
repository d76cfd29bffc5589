import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useT } from "~/i18n/react";
import { PLAYED_ON_LOAD, PLAYS_ON_LOAD } from "~/utils/boot-on-interaction";
import heroPoster from "./hero-poster.webp?inline";

// The home hero's background: the poster paints first; the short clip is asked
// for only when it starts, once the page has loaded, so it never competes with
// the first paint. The muted loop is the clip without its soundtrack
// (public/media/hero-loop.mp4, 25 KB: `ffmpeg -i hero.mp4 -an -c:v copy`), which
// spares every visitor the sound's 50 KB and the phone the work of an audio
// track it would not play; "Play with sound" turns to the clip with it
// (public/media/hero.mp4, 75 KB). The muted loop
// plays on its own unless reduced motion is preferred, started by whichever
// comes first once the page has loaded: this component, or the boot script of a
// page whose scripts wait for an interaction (utils/boot-on-interaction.server.ts,
// docs/decisions/0056-the-home-page-starts-on-interaction.md); the element is
// marked (PLAYED_ON_LOAD) so that it is started once. A pause control stops and
// restarts the loop whenever one likes (WCAG 2.2.2, moving content); "Play
// with sound" restarts the clip with its soundtrack (docs/product-rules.md,
// "Public site and header"). The poster (2.6 KB) comes inside
// the page as a data URL: it is the largest thing painted first, and a request
// of its own would wait for a connection behind the scripts. It is the image
// under the clip, once: the clip is drawn transparent until its first frame, so
// it needs no poster of its own (which would carry the data URL a second time).

export const HERO_POSTER: string = heroPoster;
export const HERO_VIDEO = "/media/hero.mp4";
export const HERO_LOOP = "/media/hero-loop.mp4";

function afterLoad(callback: () => void): () => void {
  if (document.readyState === "complete") {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  window.addEventListener("load", callback, { once: true });
  return () => window.removeEventListener("load", callback);
}

/** Starts the muted loop once, unless reduced motion is preferred. */
function playOnLoad(video: HTMLVideoElement) {
  if (video.hasAttribute(PLAYED_ON_LOAD) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  video.setAttribute(PLAYED_ON_LOAD, "");
  video.muted = true;
  video.play().catch(() => {});
}

export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setFailed] = useState(false);
  const [withSound, setWithSound] = useState(false);
  // From "Play with sound" on, the element plays the clip with its soundtrack (muted again or not).
  const [hasSoundtrack, setSoundtrack] = useState(false);
  // Follows the element's own play and pause events, whoever started or stopped it; unknown (null) until the
  // scripts run, when the pause control reads as the clip will be: playing, or not for reduced motion.
  const [isPlaying, setPlaying] = useState<boolean | null>(null);
  const { t } = useT("public");

  // Each clip element as it is attached (the first, and one per retry): it may have failed, or been started,
  // before the scripts ran.
  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (!video) return;
    if (video.error) {
      setFailed(true);
      return;
    }
    setPlaying(!video.paused);
    const cancel = afterLoad(() => playOnLoad(video));
    return () => {
      videoRef.current = null;
      cancel();
    };
  }, []);

  const playWithSound = () => {
    // The clip with its soundtrack in the element before it plays, within the press (a sound needs one).
    flushSync(() => {
      setSoundtrack(true);
      setWithSound(true);
    });
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    video.currentTime = 0;
    video.play().catch(() => setWithSound(false));
  };
  const mute = () => {
    if (videoRef.current) videoRef.current.muted = true;
    setWithSound(false);
  };
  const togglePlaying = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  const retry = () => {
    setFailed(false);
    setPlaying(false);
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <img
        src={HERO_POSTER}
        alt=""
        width={960}
        height={540}
        data-testid="hero-poster"
        className="absolute inset-0 size-full object-cover"
      />
      {!hasFailed && (
        <video
          key={attempt}
          ref={attachVideo}
          src={`${hasSoundtrack ? HERO_VIDEO : HERO_LOOP}${attempt ? `?retry=${attempt}` : ""}`}
          muted
          loop
          playsInline
          preload="none"
          {...{ [PLAYS_ON_LOAD]: "" }}
          aria-hidden="true"
          data-testid="hero-video"
          onError={() => setFailed(true)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <div className="absolute inset-0 bg-slate-900/55" aria-hidden="true" />
      {/* On a phone the controls sit at the hero's top: its bottom is where the floating Book care button floats. */}
      <div className="absolute top-4 right-4 z-10 flex flex-col items-end gap-2 sm:top-auto sm:right-6 sm:bottom-6">
        {hasFailed ? (
          <div role="alert" className="max-w-xs rounded-lg bg-white p-3 text-sm text-slate-800 shadow-lg">
            <p>{t("heroVideo.error")}</p>
            <button
              type="button"
              onClick={retry}
              className="mt-2 rounded-md bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800"
            >
              {t("heroVideo.retry")}
            </button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <button
              type="button"
              onClick={togglePlaying}
              aria-label={isPlaying === null ? undefined : isPlaying ? t("heroVideo.pause") : t("heroVideo.play")}
              title={isPlaying === null ? undefined : isPlaying ? t("heroVideo.pause") : t("heroVideo.play")}
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
            >
              {isPlaying === null ? (
                <>
                  <Pause aria-hidden="true" className="size-5 motion-reduce:hidden" />
                  <Play aria-hidden="true" className="hidden size-5 motion-reduce:block" />
                  <span className="sr-only motion-reduce:hidden">{t("heroVideo.pause")}</span>
                  <span className="sr-only hidden motion-reduce:inline">{t("heroVideo.play")}</span>
                </>
              ) : isPlaying ? (
                <Pause aria-hidden="true" className="size-5" />
              ) : (
                <Play aria-hidden="true" className="size-5" />
              )}
            </button>
            <button
              type="button"
              onClick={withSound ? mute : playWithSound}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-white"
            >
              {withSound ? (
                <VolumeX aria-hidden="true" className="size-4" />
              ) : (
                <Volume2 aria-hidden="true" className="size-4" />
              )}
              {withSound ? t("heroVideo.mute") : t("heroVideo.playWithSound")}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
