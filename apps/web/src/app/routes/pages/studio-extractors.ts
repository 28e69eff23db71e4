/**
 * The labs' model code for the studio's blocks (features do not import labs; the app composes them): the
 * trainers' input adapters for the student's own models, and the built-in AI blocks' detectors and voice
 * (the faceAnalyze lab's face finding, the pose and hand trainers' models, the voiceSynthesis lab's built-in
 * voice, the doodle and digit labs' networks, the sound trainer's models heard live as the voiceIdentify lab
 * hears them, the textKnow lab's offline OCR). Each loads with the first run that uses it.
 */
import type { ExtractorKit } from '../../../features/make/models/model-kit.ts';
import type { BuiltinKit } from '../../../features/make/models/builtin-kit.ts';

export const STUDIO_EXTRACTORS: ExtractorKit = {
  image: () => import('../../../labs/trainImage/image-adapter.ts').then((m) => m.createImageAdapter()),
  pose: () => import('../../../labs/trainPose/pose-adapter.ts').then((m) => m.createPoseAdapter()),
  hand: () => import('../../../labs/trainHandPose/hand-adapter.ts').then((m) => m.createHandAdapter()),
};

export const STUDIO_BUILTINS: BuiltinKit = {
  detectors: {
    face: () => import('../../../labs/faceAnalyze/face-finder.ts').then((m) => m.createFaceFinder()),
    pose: () => import('../../../labs/trainPose/pose-finder.ts').then((m) => m.createPoseFinder()),
    hand: () => import('../../../labs/trainHandPose/hand-finder.ts').then((m) => m.createHandFinder()),
  },
  synthesise: (text, signal) =>
    import('../../../labs/voiceSynthesis/built-in-voice.ts').then((m) =>
      m.synthesiseWithBuiltInVoice(text, signal),
    ),
  drawings: {
    // The doodle labs' loader (once per page, kept for the page like the labs keep it).
    doodle: () =>
      import('../../../features/doodles/doodle-model.ts').then(async (m) => {
        const model = await m.loadDoodleModel(m.doodleDownloads());
        return {
          probabilities: async (input) => Array.from(m.readDoodle(model, input).probs),
          dispose: () => undefined,
        };
      }),
    digit: () => import('../../../labs/numberPredict/digit-reader.ts').then((m) => m.createDigitReader()),
  },
  commandWords: async (file) => {
    const [sound, vision] = await Promise.all([
      import('../../../features/sound-classifier/index.ts'),
      import('../../../lib/vision/human.ts'),
    ]);
    // The same reader and sliding window as the voiceIdentify lab's command words (a CNN needs TF.js).
    const model = await sound.loadSoundModel(new File([file], 'sound-model'), vision.visionTf);
    return {
      labels: model.labels,
      listen: (stream, onGuess) =>
        sound.startLiveRecognition({
          stream,
          model,
          overlap: 0.5,
          onPrediction: ({ label, probabilities }) =>
            onGuess(label, probabilities[model.labels.indexOf(label)] ?? 0),
        }),
      dispose: () => model.dispose(),
    };
  },
  // The textKnow lab's engine, loaded once per page by its own loader (lib/ocr), from our origin.
  readText: async (frame) => {
    const { loadOcrEngine } = await import('../../../lib/ocr/index.ts');
    return (await (await loadOcrEngine()).recognise(frame)).lines;
  },
};
