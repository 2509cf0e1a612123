import { useRef, useState, type MouseEvent } from "react";

// The poster is the home page's largest paint (issue 8): AVIF, then WebP, at the widths
// scripts/make-poster-images.mjs writes (keep the two lists in step), the PNG for the rest.
const POSTER_WIDTHS = [480, 800, 1280];
const POSTER_PNG = "/media/promo-poster.png";
const posterSet = (format: "avif" | "webp") => POSTER_WIDTHS.map((width) => `/media/promo-poster-${width}.${format} ${width}w`).join(", ");
// Its rendered width (app.css): the full column on phones, a 1/2.1 share of the 72rem container
// beside the text from 900 px on.
const POSTER_SIZES = "(min-width: 1152px) 520px, (min-width: 900px) 46vw, calc(100vw - 2rem)";
// React 18 does not know `fetchPriority` yet (it warns in development); the lowercase attribute
// passes through as is. The poster is above the fold on every screen size.
const HIGH_PRIORITY = { fetchpriority: "high" };

/**
 * The promo video: a still poster with a play button; the video loads and plays only on click
 * (no autoplay, nothing moves until the visitor asks).
 */
export function PromoVideo() {
  const [started, setStarted] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  function onPlay(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    start();
  }

  function start() {
    setStarted(true);
    // The element exists after this render; play() needs the user's click to be allowed.
    requestAnimationFrame(() => {
      void videoRef.current?.play().catch(() => undefined);
    });
  }

  return (
    <figure className="video-frame">
      {started ? (
        <video
          ref={videoRef}
          src="/media/promo.webm"
          poster="/media/promo-poster-1280.webp"
          controls
          playsInline
          preload="auto"
          aria-label="How Nudge works: a 19-second video of one reminder escalating"
          data-testid="promo-video"
        >
          <track kind="captions" src="/media/promo.vtt" srcLang="en" label="English" default />
        </video>
      ) : (
        <>
          <picture>
            <source type="image/avif" srcSet={posterSet("avif")} sizes={POSTER_SIZES} />
            <source type="image/webp" srcSet={posterSet("webp")} sizes={POSTER_SIZES} />
            <img src={POSTER_PNG} alt="" width={1280} height={720} {...HIGH_PRIORITY} />
          </picture>
          {/* A link to the video file: without JavaScript (the home page for signed-out visitors) the
              browser plays it on its own page; with it, the video plays here. */}
          <a href="/media/promo.webm" className="video-frame__play" onClick={onPlay} aria-label="Watch how it works: play the 19-second video">
            <span className="video-frame__play-icon" aria-hidden="true">
              <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="video-frame__play-label">Watch how it works</span>
          </a>
        </>
      )}
    </figure>
  );
}
