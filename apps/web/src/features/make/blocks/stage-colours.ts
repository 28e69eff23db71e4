/** The stage and cloud categories' colours: the toolbox shows them before those blocks load. */
/** Scratch's category colours, so the blocks look like what students know. */
export const STAGE_COLOURS = {
  motion: '#4C97FF',
  looks: '#9966FF',
  sound: '#CF63CF',
  events: '#FFBF00',
  control: '#FFAB19',
  /** Scratch's pen extension is teal like the cloud blocks; a darker green keeps the two apart. */
  pen: '#0B8F6A',
  /** The cloud AI blocks (not Scratch's): the AI labs' teal. */
  cloud: '#0FBD8C',
} as const;
