import { ProjectsPage } from '../../../features/model-train/projects/ProjectsPage.tsx';

/** Model training (spec §2 'modelTrain'): the user's training projects and ONNX models. */
export default function ModelTrainPage() {
  return <ProjectsPage />;
}
