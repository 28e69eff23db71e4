import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import type { CourseFile, UploadPurpose } from '@ai-edu/contract';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/session-user.ts';

/** Multipart upload to /api/courses/:id/files with progress; a refused file shows the server's message. */
export function CourseUpload({
  courseId,
  purpose,
  sessionId,
  label,
  accept,
  onDone,
}: {
  courseId: string;
  purpose: UploadPurpose;
  sessionId?: string;
  label: string;
  accept?: string;
  onDone: (file: CourseFile) => void;
}) {
  const user = useSessionUser();
  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const body = new FormData();
    body.append('purpose', purpose);
    if (sessionId) body.append('sessionId', sessionId);
    body.append('file', file as Blob);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/courses/${courseId}/files`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (user?.uid) xhr.setRequestHeader('Authorization', `Bearer ${user.uid}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ percent: (event.loaded / event.total) * 100 });
    };
    xhr.onload = () => {
      let reply: { status?: number; message?: string; data?: CourseFile } = {};
      try {
        reply = JSON.parse(xhr.responseText) as typeof reply;
      } catch {
        // described by the status below
      }
      if (xhr.status < 300 && reply.status === 1 && reply.data) {
        onSuccess?.(reply.data);
        onDone(reply.data);
      } else {
        const message = reply.message || `HTTP ${xhr.status}`;
        toast(message);
        onError?.(new Error(message));
      }
    };
    xhr.onerror = () => {
      toast('upload failed');
      onError?.(new Error('upload failed'));
    };
    xhr.send(body);
    return { abort: () => xhr.abort() };
  };
  return (
    <Upload
      customRequest={customRequest}
      accept={accept}
      showUploadList={{ showRemoveIcon: false }}
      maxCount={1}
    >
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
}
