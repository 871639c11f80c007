import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ScreenSpinner } from '../components/screen-states';

/**
 * /api/login and /api/logout are the server's, not screens: reaching one through the app's
 * router hands the browser over to the server with a full page load.
 */
export function ServerNavigation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search);
  }, [pathname, search]);
  return <ScreenSpinner />;
}
