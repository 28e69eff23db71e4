import { Modal } from 'antd';
import { useLoginPop } from '../../store/login-pop-store.ts';
import { LoginPanel } from './login-panel.tsx';
import './login-modal.css';

/**
 * The login modal of spec §2, opened through the `loginPop` store. Its content is destroyed when hidden, so
 * closing clears every input, timer and step.
 */
export function LoginModal() {
  const open = useLoginPop((s) => s.isLoginModalOpen);
  const close = useLoginPop((s) => s.closeLoginModal);

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={440}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      rootClassName="login-modal"
      styles={{ container: { padding: '28px 32px 24px', borderRadius: 16 } }}
    >
      <LoginPanel onDone={close} />
    </Modal>
  );
}
