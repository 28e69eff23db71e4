import { MAKE_THUMBNAIL_PATTERN } from '@ai-edu/contract';

/**
 * A project's thumbnail (docs/make-studio.md, "Thumbnails"), or a blank placeholder for a project without one.
 * Only an image data URL is ever used, and only as an image's source (never as HTML).
 */
export function ThumbnailImage({ src }: { src: string | null }) {
  return src && MAKE_THUMBNAIL_PATTERN.test(src) ? (
    <img className="make-thumb" src={src} alt="" width={80} height={60} />
  ) : (
    <span className="make-thumb" aria-hidden="true" />
  );
}
