import { useEffect } from 'react';
import { matchPath, Navigate, Outlet, useLocation } from 'react-router';
import { useDeviceSession, useSession } from '../lib/api/auth/get-me.ts';
import { wasKidDevice } from '../features/devices/kid-device-mark.ts';
import { forgetOfflineCopies } from '../features/playback/offline/offline-store.ts';
import { paths, pathTo } from '../lib/paths.ts';
import { lazyPage } from './lazy-page.tsx';

const DeviceKidRoute = lazyPage(() => import('./routes/device-kid.tsx'));

// Pages a signed-out browser that was a kid device may still open: pairing again, or a parent signing in.
const SIGNED_OUT_PAGES = [paths.pair, paths.login, paths.signup, paths.forgotPassword, paths.resetPassword, paths.verifyEmail, paths.undoEmailChange];

/**
 * A kid device (issue 26, docs/decisions/018) sees its kid's page and nothing else: any other address goes
 * there, and it is drawn without the parents' header. A browser that was a kid device and is signed out (the
 * device was removed) goes back to /pair. Everyone else passes through.
 */
export function DeviceGate() {
  const device = useDeviceSession();
  const user = useSession();
  const { pathname } = useLocation();
  const signedOut = device.isSuccess && !device.data && !user.data;
  // A removed device (its session refused, online) drops its saved stories and kept reads (issue 26).
  const removed = signedOut && wasKidDevice() && navigator.onLine;
  useEffect(() => {
    if (removed) void forgetOfflineCopies();
  }, [removed]);
  if (device.data) {
    const kidId = matchPath(paths.child, pathname)?.params.kidId;
    if (kidId !== device.data.kid_id) return <Navigate to={pathTo.child(device.data.kid_id)} replace />;
    return <DeviceKidRoute />;
  }
  if (signedOut && wasKidDevice() && !SIGNED_OUT_PAGES.some((p) => matchPath(p, pathname))) return <Navigate to={paths.pair} replace />;
  return <Outlet />;
}
