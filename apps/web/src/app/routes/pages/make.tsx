import { ExtractorKitContext } from '../../../features/make/models/model-kit.ts';
import { BuiltinKitContext } from '../../../features/make/models/builtin-kit.ts';
import { MakePage as Studio } from '../../../features/make/make-page.tsx';
import { STUDIO_BUILTINS, STUDIO_EXTRACTORS } from './studio-extractors.ts';

/**
 * The block studio (issue 26, '/make'), with the trainers' feature extractors for its model blocks and the
 * labs' models for its built-in AI blocks.
 */
export default function MakePage() {
  return (
    <ExtractorKitContext.Provider value={STUDIO_EXTRACTORS}>
      <BuiltinKitContext.Provider value={STUDIO_BUILTINS}>
        <Studio />
      </BuiltinKitContext.Provider>
    </ExtractorKitContext.Provider>
  );
}
