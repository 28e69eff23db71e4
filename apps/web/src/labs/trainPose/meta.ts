/** The trainer's facts. Title and description come from the registry entry. */
export const SLUG = 'trainPose';
