import { useParams } from 'react-router';
import { ExtractorKitContext } from '../../../features/make/models/model-kit.ts';
import { BuiltinKitContext } from '../../../features/make/models/builtin-kit.ts';
import { ReadOnlyProject } from '../../../features/make/sharing/read-only-project.tsx';
import { STUDIO_BUILTINS, STUDIO_EXTRACTORS } from './studio-extractors.ts';

/** Someone else's studio project, read-only: '/make/shared/:token' (a share link) or '/make/view/:id'. */
export default function MakeReadOnlyPage() {
  const { token, id } = useParams();
  const source =
    token !== undefined ? { kind: 'link' as const, token } : { kind: 'class' as const, id: Number(id) };
  // A new link or project is a new page: nothing of the last one's run or workspace stays.
  return (
    <ExtractorKitContext.Provider value={STUDIO_EXTRACTORS}>
      <BuiltinKitContext.Provider value={STUDIO_BUILTINS}>
        <ReadOnlyProject key={`${source.kind}:${token ?? id}`} source={source} />
      </BuiltinKitContext.Provider>
    </ExtractorKitContext.Provider>
  );
}
