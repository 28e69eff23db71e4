/** The sound classifier's public API (see README.md): models, training, files and live recognition. */
export {
  cnnSoundModel,
  DEFAULT_EPOCHS,
  fastSoundModel,
  trainSoundModel,
  type SoundModel,
  type SoundModelKind,
  type SoundPrediction,
  type TrainingClass,
  type TrainProgress,
} from './model.ts';
export {
  exportCnnModelZip,
  exportFastModelJson,
  loadSoundModel,
  parseSoundProject,
  projectClasses,
  serializeSoundProject,
  SoundFileError,
  type SoundProject,
} from './files.ts';
export { MAX_OVERLAP, startLiveRecognition, type LiveRecognitionOptions } from './live.ts';
