import type { ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';

export interface UserMenuDropdownProps {
  items: NonNullable<MenuProps['items']>;
  onClick: (key: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}

/** The user menu's popup (antd Dropdown, Menu and their positioning: ~20 KB gzip), loaded after first paint. */
export default function UserMenuDropdown({
  items,
  onClick,
  open,
  onOpenChange,
  children,
}: UserMenuDropdownProps) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        items,
        onClick: ({ key }) => {
          onOpenChange(false);
          onClick(key);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
