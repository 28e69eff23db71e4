import { Navigate, useParams } from 'react-router';
import { LessonIndex, LessonPresentation } from '../../../features/courses/lesson.tsx';

/** `/lesson/:courseId/:sessionId`: vip 2 only (spec §6), guarded by the route guard. */
export default function LessonPage() {
  const { '*': rest = '' } = useParams();
  const [courseId, sessionId] = rest.split('/').filter(Boolean);
  if (!courseId) return <LessonIndex />;
  if (!sessionId) return <Navigate to={`/course/${courseId}`} replace />;
  return <LessonPresentation key={rest} courseId={courseId} sessionId={sessionId} />;
}
