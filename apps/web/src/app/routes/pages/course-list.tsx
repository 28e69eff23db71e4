import { CourseList } from '../../../features/courses/course-list.tsx';

/** Course list (spec §2 'course'). */
export default function CourseListPage() {
  return <CourseList />;
}
