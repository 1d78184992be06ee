/**
 * The Free Education introduction video. Nothing is fetched from YouTube until the visitor plays
 * it: a poster with a play button stands in (fast, no third-party requests or cookies), then the
 * privacy-enhanced youtube-nocookie.com player replaces it. Offline, or when the player is blocked
 * by a content-security policy, a placeholder card with a link takes its place, never a broken frame.
 */
import { cloudOfflineOutline, logoYoutube, play } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { Icon } from '@shared/ui/icon';
import { useOnline } from '@client/lib/online';
import { SITE } from '@client/site-config';

const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';
const { youtubeId, title } = SITE.introVideo;
const embedUrl = `${PLAYER_ORIGIN}/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;
const watchUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`;

function WatchLink() {
  return (
    <a className="video-watch-link" href={watchUrl} target="_blank" rel="noopener noreferrer">
      <Icon icon={logoYoutube} />
      Watch the introduction on YouTube
    </a>
  );
}

function Placeholder({ message }: { message: string }) {
  return (
    <div className="video-placeholder" role="note">
      <Icon icon={cloudOfflineOutline} />
      <p>{message}</p>
      <WatchLink />
    </div>
  );
}

/** Whether the page's content-security policy refused the player frame. */
function usePlayerBlocked(active: boolean): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!active) return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(PLAYER_ORIGIN)) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [active]);
  return blocked;
}

export function IntroVideo() {
  const online = useOnline();
  const [playing, setPlaying] = useState(false);
  const blocked = usePlayerBlocked(playing);

  if (!online)
    return (
      <Placeholder message="The introduction video needs an internet connection. It will be here when you are back online." />
    );
  if (blocked) return <Placeholder message="The video player could not be loaded on this page." />;
  if (playing) {
    return (
      <div className="video-frame">
        <iframe
          src={embedUrl}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="video-intro">
      <button type="button" className="video-poster" onClick={() => setPlaying(true)}>
        <img
          src="/images/intro-video-poster.svg"
          alt={title}
          width="1280"
          height="720"
          loading="lazy"
          decoding="async"
        />
        <span className="video-play">
          <Icon icon={play} />
          Play video
        </span>
      </button>
      <WatchLink />
    </div>
  );
}
