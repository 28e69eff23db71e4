export { ProjectsPage } from './ProjectsPage.tsx';
export { projectPath } from './project-helpers.ts';
