import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CourseDetail } from '../../../features/courses/course-detail.tsx';
import { logEdu } from '../../../lib/activity-log.ts';

/** Education log type 0 when a course opens (spec §7). */
export const EDU_COURSE_OPENED = 0;

/** `/course/:courseId` (spec §2). */
export default function CourseDetailPage() {
  const { courseId = '' } = useParams();

  useEffect(() => {
    if (courseId) logEdu({ type: EDU_COURSE_OPENED, course_id: courseId });
  }, [courseId]);

  return <CourseDetail key={courseId} courseId={courseId} />;
}
