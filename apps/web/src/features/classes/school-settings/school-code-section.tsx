/** The school's code (issue 25): shown once set; set here once, or with the school's first class. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Tag } from 'antd';
import { call } from '../../../lib/product-call.ts';
import { SCHOOL_CODE_KEY, useSchoolCode } from '../staff/use-staff.ts';
import { useSchoolSettingsTranslation } from './i18n.ts';

const CODE = /^[a-z0-9_-]{2,24}$/;

export function SchoolCodeSection() {
  const { t } = useSchoolSettingsTranslation();
  const queryClient = useQueryClient();
  const code = useSchoolCode();
  const [typed, setTyped] = useState('');
  const wanted = typed.trim().toLowerCase();

  async function save() {
    await call('/api/school/code', { method: 'PUT', json: { schoolCode: wanted } });
    await queryClient.invalidateQueries({ queryKey: SCHOOL_CODE_KEY });
  }

  return (
    <section className="class-card" data-testid="school-code">
      <h3>{t('codeTitle')}</h3>
      {code.data ? (
        <p>
          <Tag color="blue">@{code.data}</Tag> {t('codeSet', { code: code.data })}
        </p>
      ) : (
        code.isSuccess && (
          <>
            <p className="class-muted">{t('codeHelp')}</p>
            <Space.Compact>
              <Input
                aria-label={t('codeTitle')}
                value={typed}
                maxLength={24}
                status={wanted && !CODE.test(wanted) ? 'error' : undefined}
                onChange={(event) => setTyped(event.target.value)}
              />
              <Button
                type="primary"
                disabled={!CODE.test(wanted)}
                onClick={() => void save().catch(() => undefined)}
              >
                {t('codeSave')}
              </Button>
            </Space.Compact>
          </>
        )
      )}
    </section>
  );
}
