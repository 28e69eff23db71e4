import { Tabs } from 'antd';
import { HistoryOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';

/** `/setting`: tabs for personal and experience; the bare path redirects to personal (router). */
export default function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('settings.title')} backTo={paths.home}>
      <Tabs
        activeKey={
          pathname.startsWith(paths.settingExperience) ? paths.settingExperience : paths.settingPersonal
        }
        onChange={(key) => void navigate(key)}
        items={[
          { key: paths.settingPersonal, label: t('nav.personal'), icon: <UserOutlined /> },
          { key: paths.settingExperience, label: t('nav.experience'), icon: <HistoryOutlined /> },
        ]}
      />
      <Outlet />
    </PageFrame>
  );
}
