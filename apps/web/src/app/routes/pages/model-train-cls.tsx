import { ClsPage } from '../../../features/model-train/cls/cls-page.tsx';

/** Classification training (spec §2 'modelTrain/mmedu/cls'). */
export default function ModelTrainClsPage() {
  return <ClsPage />;
}
