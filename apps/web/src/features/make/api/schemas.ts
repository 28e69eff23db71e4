/** The studio's reply schemas, in a chunk of their own with zod (api/requests.ts loads it with the first call). */
export {
  makeProjectListSchema,
  makeProjectSchema,
  makeProjectSummarySchema,
  makeVersionListSchema,
  makeGallerySchema,
  makeShareLinkSchema,
  makeSharedProjectSchema,
  makeTeachingListSchema,
  makeAssetListSchema,
  makeAssetSchema,
} from '@ai-edu/contract';
export { makeLessonStarterSchema, makeLessonStarterOpenedSchema } from '@ai-edu/contract';
