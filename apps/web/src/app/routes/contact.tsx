import { PageFrame } from '../../components/page-frame.tsx';
import { ContactBlock } from '../../features/contact/index.ts';

/** `/regionContactList` (spec §2): public. */
export default function ContactPage() {
  return (
    <PageFrame hideBack>
      <ContactBlock headingLevel={1} />
    </PageFrame>
  );
}
