import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  Children,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from "react";
import { useT } from "~/i18n/react";
import { advanceKeyframes, advanceName, slideAtTime, type PerViewSteps } from "./carousel-motion";

// A carousel that advances on its own every `intervalMs` (services
// 6000 ms, trust 3000 ms, providers and testimonials 4000 ms; docs/product-rules.md,
// "Public site and header"), pauses while
// the pointer is over it or focus is inside it, can be paused for
// good with its own button (WCAG 2.2.2), and never moves by itself for people
// who prefer reduced motion. Embla measures every slide when it starts, so a
// carousel starts only when it comes near the screen: the home page's four
// would otherwise cost one long task while the page hydrates. Embla's code is
// fetched then too, not with the page (docs/decisions/0041-what-a-page-carries.md).
// Until Embla is here the slides are the same list, as the server drew it, moved
// on the same rhythm by the style sheet alone (carousel-motion.ts), so that a page
// whose scripts wait for an interaction still moves
// (docs/decisions/0056-the-home-page-starts-on-interaction.md); Embla starts on
// the slide that motion had reached.

/** Slides in view: one on a phone, two from 640 px (sm), and `widest` from 1024 px (lg), as the class names say. */
const perViewSteps = (widest: number): PerViewSteps => [
  { minWidthPx: null, perView: 1 },
  { minWidthPx: 640, perView: 2 },
  { minWidthPx: 1024, perView: widest },
];

const LAYOUTS = {
  thirds: { className: "[--per-view:1] sm:[--per-view:2] lg:[--per-view:3]", steps: perViewSteps(3) },
  quarters: { className: "[--per-view:1] sm:[--per-view:2] lg:[--per-view:4]", steps: perViewSteps(4) },
} as const satisfies Record<string, { className: string; steps: PerViewSteps }>;

export type CarouselProps = {
  label: string;
  intervalMs: number;
  children: ReactNode;
  layout?: keyof typeof LAYOUTS;
  tone?: "light" | "dark";
};

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * True once the element is within `margin` of the viewport (and from then on).
 * Coming near is a transition: rendered in slices, with Embla's start-up in a
 * task of its own rather than inside whatever else the page is doing.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>, margin: string) {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, isNear]);
  const startNow = useCallback(() => setNear(true), []);
  return [isNear, startNow] as const;
}

type Move = "previous" | "next";

const EMBLA_OPTIONS: EmblaOptionsType = { loop: true, align: "start" };

/** Embla on the slides' viewport once `isNear`: loaded then, and destroyed with the carousel. */
function useEmblaWhenNear(viewportRef: RefObject<HTMLElement | null>, isNear: boolean, intervalMs: number) {
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!isNear || !viewport) return;
    let started: EmblaCarouselType | undefined;
    let isGone = false;
    import("embla-carousel")
      .then(({ default: EmblaCarousel }) => {
        if (isGone) return;
        started = EmblaCarousel(viewport, { ...EMBLA_OPTIONS, startIndex: takeOverMotion(viewport, intervalMs) });
        setEmbla(started);
      })
      .catch((error: unknown) => console.warn("The carousel could not start; its slides stay as they are.", error));
    return () => {
      isGone = true;
      started?.destroy();
      setEmbla(undefined);
    };
  }, [viewportRef, isNear, intervalMs]);
  return embla;
}

/**
 * The slide the style sheet's motion shows in the viewport's track, which it then stops, for Embla to start
 * there (app.css, "A carousel before its scripts").
 */
function takeOverMotion(viewport: HTMLElement, intervalMs: number): number {
  const track = viewport.firstElementChild;
  if (!(track instanceof HTMLElement)) return 0;
  const motion = track.getAnimations().find((animation) => animation instanceof CSSAnimation);
  const perView = Number.parseFloat(getComputedStyle(track).getPropertyValue("--per-view")) || 1;
  track.removeAttribute(MOVING_ATTRIBUTE);
  return motion ? slideAtTime(Number(motion.currentTime ?? 0), track.children.length, intervalMs, perView) : 0;
}

const MOVING_ATTRIBUTE = "data-moves-before-scripts";

export function Carousel({ label, intervalMs, children, layout = "thirds", tone = "light" }: CarouselProps) {
  const slides = Children.toArray(children);
  const [selected, setSelected] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const id = useId();
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [isNear, startNow] = useNearViewport(rootRef, "200px 0px");
  const embla = useEmblaWhenNear(viewportRef, isNear, intervalMs);
  // A press on Previous or Next before Embla has started is carried out once it has.
  const pendingMove = useRef<Move | null>(null);
  const isPlaying = !!embla && !reducedMotion && !isStopped && !isHovered && !isFocused;
  const { t } = useT("public");

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    if (pendingMove.current === "previous") embla.scrollPrev();
    else if (pendingMove.current === "next") embla.scrollNext();
    pendingMove.current = null;
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!isPlaying) return;
    const timer = window.setInterval(() => embla.scrollNext(), intervalMs);
    return () => window.clearInterval(timer);
  }, [isPlaying, embla, intervalMs]);

  // Hover and focus pause the slides; focus leaving the carousel resumes them.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    root.addEventListener("mouseenter", enter);
    root.addEventListener("mouseleave", leave);
    root.addEventListener("focusin", focusIn);
    root.addEventListener("focusout", focusOut);
    return () => {
      root.removeEventListener("mouseenter", enter);
      root.removeEventListener("mouseleave", leave);
      root.removeEventListener("focusin", focusIn);
      root.removeEventListener("focusout", focusOut);
    };
  }, []);

  const move = useCallback(
    (direction: Move) => {
      if (!embla) {
        pendingMove.current = direction;
        startNow();
      } else if (direction === "previous") embla.scrollPrev();
      else embla.scrollNext();
    },
    [embla, startNow],
  );
  const buttonClass =
    tone === "dark"
      ? "inline-flex size-11 items-center justify-center rounded-full border border-white/40 bg-white/10 text-white hover:bg-white/20"
      : "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-100";

  return (
    <section
      ref={rootRef}
      data-carousel=""
      aria-roledescription={t("carousel.roleDescription")}
      aria-label={label}
      data-carousel-index={selected}
      data-carousel-state={isPlaying ? "playing" : "paused"}
    >
      {slides.length > 0 && <style>{advanceKeyframes(slides.length, intervalMs, layout, LAYOUTS[layout].steps)}</style>}
      <div ref={viewportRef} className="overflow-hidden" id={`${id}-slides`} aria-live={isPlaying ? "off" : "polite"}>
        <ul
          className={`-ml-4 flex touch-pan-y ${LAYOUTS[layout].className}`}
          data-carousel-track=""
          {...{ [MOVING_ATTRIBUTE]: !embla && !isStopped ? "" : undefined }}
          style={
            {
              "--carousel-animation": advanceName(slides.length, intervalMs, layout),
              "--carousel-cycle": `${slides.length * intervalMs}ms`,
            } as CSSProperties
          }
        >
          {slides.map((slide, index) => (
            <li key={index} className="relative min-w-0 shrink-0 grow-0 basis-[calc(100%/var(--per-view))] pl-4">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-5 flex items-center justify-center gap-3">
        <button type="button" className={buttonClass} onClick={() => move("previous")} aria-controls={`${id}-slides`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{t("carousel.previous")}</span>
        </button>
        {/* Hidden by the style sheet for reduced motion, so that it is there before the scripts run too. */}
        <button
          type="button"
          className={`${buttonClass} motion-reduce:hidden`}
          onClick={() => setStopped((value) => !value)}
          aria-controls={`${id}-slides`}
        >
          {isStopped ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
          <span className="sr-only">{isStopped ? t("carousel.start") : t("carousel.stop")}</span>
        </button>
        <button type="button" className={buttonClass} onClick={() => move("next")} aria-controls={`${id}-slides`}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">{t("carousel.next")}</span>
        </button>
      </div>
    </section>
  );
}
