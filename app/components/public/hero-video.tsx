import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/react";
import heroPoster from "./hero-poster.webp?inline";

// The home hero's background: the poster paints first; the short clip
// (public/media/hero.mp4, about 75 KB) is only attached once the page has
// loaded, so it never competes with the first paint. Muted loops play on
// their own unless reduced motion is preferred; a pause control stops and
// restarts the loop whenever one likes (WCAG 2.2.2, moving content); "Play
// with sound" restarts the clip with its soundtrack (docs/product-rules.md,
// "Public site and header"). The poster (2.6 KB) comes inside
// the page as a data URL: it is the largest thing painted first, and a request
// of its own would wait for a connection behind the scripts.

export const HERO_POSTER: string = heroPoster;
export const HERO_VIDEO = "/media/hero.mp4";

function afterLoad(callback: () => void): () => void {
  if (document.readyState === "complete") {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  window.addEventListener("load", callback, { once: true });
  return () => window.removeEventListener("load", callback);
}

export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isLoaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setFailed] = useState(false);
  const [withSound, setWithSound] = useState(false);
  // Follows the element's own play and pause events, whoever started or stopped it.
  const [isPlaying, setPlaying] = useState(false);

  const [isAutoPlay, setAutoPlay] = useState(false);
  const { t } = useT("public");

  useEffect(
    () =>
      afterLoad(() => {
        setAutoPlay(!window.matchMedia("(prefers-reduced-motion: reduce)").matches);
        setLoaded(true);
      }),
    [],
  );

  const playWithSound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    video.currentTime = 0;
    setWithSound(true);
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
      {isLoaded && !hasFailed && (
        <video
          key={attempt}
          ref={videoRef}
          src={`${HERO_VIDEO}${attempt ? `?retry=${attempt}` : ""}`}
          poster={HERO_POSTER}
          muted
          autoPlay={isAutoPlay}
          loop
          playsInline
          preload="auto"
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
          isLoaded && (
            <div className="flex flex-wrap items-center justify-end gap-2">
              <button
                type="button"
                onClick={togglePlaying}
                aria-label={isPlaying ? t("heroVideo.pause") : t("heroVideo.play")}
                title={isPlaying ? t("heroVideo.pause") : t("heroVideo.play")}
                className="inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
              >
                {isPlaying ? (
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
          )
        )}
      </div>
    </>
  );
}
