/**
 * The face-analysis lab. `/ailab/faceAnalyze` analyses faces from the camera or a photo; its sub-page
 * `/ailab/faceAnalyze/live` is the spec's 'real-time face detection'. The sub-page is a route inside the
 * lab (the app routes `ailab/:slug/*` here), so the lab's permission check covers it with no router change.
 */
import { Navigate, Route, Routes } from 'react-router';
import { AnalyzePage } from './components/analyze-page.tsx';
import { LiveDetection } from './components/live-detection.tsx';
import './face-analyze.css';

export default function FaceAnalyzeLab() {
  return (
    <Routes>
      <Route index element={<AnalyzePage />} />
      <Route path="live" element={<LiveDetection />} />
      <Route path="*" element={<Navigate to=".." relative="path" replace />} />
    </Routes>
  );
}
