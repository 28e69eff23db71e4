import { lazy, Suspense, useState } from 'react';
import { useLoginPop } from '../../store/login-pop-store.ts';

// The modal's forms (antd Form, Input, Modal: ~40 KB gzipped) load the first time it opens, not with every page.
const LoginModalNow = lazy(async () => ({ default: (await import('./login-modal.tsx')).LoginModal }));

/** The login modal, fetched on first open and kept mounted after (so it can animate closed). */
export function LoginModal() {
  const open = useLoginPop((s) => s.isLoginModalOpen);
  const [wanted, setWanted] = useState(open);
  // Latched during render (React's "adjusting state on a prop change" pattern): once opened, stays mounted.
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModalNow />
    </Suspense>
  );
}
