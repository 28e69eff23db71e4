import { DetPage } from '../../../features/model-train/det/det-page.tsx';

/** Detection training (spec §2 'modelTrain/mmedu/det'). */
export default function ModelTrainDetPage() {
  return <DetPage />;
}
