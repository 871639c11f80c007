import { Bell, Volume2, VolumeX } from 'lucide-react';
import { useNotificationPermission } from '../browser-notifications';
import { useSoundMuted } from '../sound-preference';

const onDark =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold whitespace-nowrap text-white/90 hover:bg-white/10 hover:text-white [&_svg]:size-5 [&_svg]:shrink-0';

/** Mute or unmute the new-item chime; the choice stays for the next visit. */
export function MuteToggle() {
  const [muted, setMuted] = useSoundMuted();
  return (
    <button
      type="button"
      className={onDark}
      aria-pressed={muted}
      aria-label={muted ? 'Unmute notification sound' : 'Mute notification sound'}
      title={muted ? 'Unmute notification sound' : 'Mute notification sound'}
      onClick={() => setMuted(!muted)}
    >
      {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
    </button>
  );
}

/** Asks for browser notifications; shown only while the agent has not answered the browser. */
export function EnableNotificationsButton() {
  const { permission, request } = useNotificationPermission();
  if (permission !== 'default') return null;
  return (
    <button type="button" className={onDark} onClick={() => void request()}>
      <Bell aria-hidden />
      Enable notifications
    </button>
  );
}

/**
 * The agent's alert settings, for the dark top bar. `askForNotifications: false` while the page
 * already offers notifications another way (the Web Push bar): one ask at a time.
 */
export function AlertControls({ askForNotifications = true }: { askForNotifications?: boolean }) {
  return (
    <div className="flex items-center gap-1">
      {askForNotifications && <EnableNotificationsButton />}
      <MuteToggle />
    </div>
  );
}
