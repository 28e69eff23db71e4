import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth, useLoginPop } from '../../features/auth/index.ts';
import { guardRoute } from './route-guard.ts';

/** Layout route around every protected page: applies `guardRoute` to the current path. */
export function RequireAuth() {
  const { pathname, search, hash } = useLocation();
  const { status, user } = useAuth();
  const openLoginModalFor = useLoginPop((s) => s.openLoginModalFor);
  const decision = guardRoute(pathname, { status, vip: user?.authInfo.vip });
  const openLogin = decision.kind === 'redirect' && decision.openLogin;
  // Someone arriving logged out is offered the login modal, and brought back to the whole link (a shared
  // lab preset lives in the query) after logging in. A session that ends here (logout, or a 401, whose
  // handler opens the modal itself) only leaves the page.
  const wasAuthenticated = useRef(false);

  useEffect(() => {
    if (status === 'authenticated') wasAuthenticated.current = true;
  }, [status]);

  const target = pathname + search + hash;
  useEffect(() => {
    if (openLogin && !wasAuthenticated.current) openLoginModalFor(target);
  }, [openLogin, openLoginModalFor, target]);

  if (decision.kind === 'wait') {
    return (
      <div className="route-wait">
        <Spin size="large" />
      </div>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={{ from: pathname }} />;
  return <Outlet />;
}
