/** Spec §3 classInfo: the class the teacher is working with. */
import { create } from 'zustand';

export interface ClassInfo {
  classId: string | null;
  titleName: string | null;
}

interface ClassInfoStore extends ClassInfo {
  setClassInfo: (classId: string, titleName: string) => void;
  setClassId: (classId: string | null) => void;
  setTitleName: (titleName: string | null) => void;
  clearClassInfo: () => void;
}

export const useClassInfo = create<ClassInfoStore>()((set) => ({
  classId: null,
  titleName: null,
  setClassInfo: (classId, titleName) => set({ classId, titleName }),
  setClassId: (classId) => set({ classId }),
  setTitleName: (titleName) => set({ titleName }),
  clearClassInfo: () => set({ classId: null, titleName: null }),
}));
