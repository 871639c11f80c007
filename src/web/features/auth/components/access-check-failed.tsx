import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AuthCardHeading, AuthPageLayout } from './auth-page-layout';

/** The server could not say who is signed in (offline, or the service is down). */
export function AccessCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <AuthPageLayout>
      <AuthCardHeading
        icon={<WifiOff aria-hidden />}
        title="Could not check your access"
        description="The server could not be reached. Check your connection and try again."
      />
      <Button size="lg" className="mt-6 w-full" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Try Again
      </Button>
    </AuthPageLayout>
  );
}
