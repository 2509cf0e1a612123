import { useRef, useState } from "react";

/**
 * The promo video: a still poster with a play button; the video loads and plays only on click
 * (no autoplay, nothing moves until the visitor asks).
 */
export function PromoVideo() {
  const [started, setStarted] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

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
          poster="/media/promo-poster.png"
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
          <img src="/media/promo-poster.png" alt="" width={1280} height={720} />
          <button type="button" className="video-frame__play" onClick={start} aria-label="Watch how it works: play the 19-second video">
            <span className="video-frame__play-icon" aria-hidden="true">
              <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="video-frame__play-label">Watch how it works</span>
          </button>
        </>
      )}
    </figure>
  );
}
