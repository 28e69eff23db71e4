/** Teacher accounts and the class area's "who am I" (issue 16): `/api/school/teachers*`, `/api/classes/me`. */
import { teacherClassesSchema, teacherInputSchema, type StaffInfo } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tooManyRequests } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { requireSchool, schoolNameOf, staffOf } from './access.ts';
import {
  createTeacher,
  deleteTeacher,
  listTeachers,
  resetTeacherPassword,
  setTeacherClasses,
  type SchoolStaff,
} from './teachers.ts';

const teacherParams = z.object({ userId: z.uuid() });

/** Accounts a school may make or reset per minute: plenty for a staff list, little for a script. */
export const TEACHER_WRITES_PER_MINUTE = 60;
export const teacherWritesKey = (schoolId: string) => `school-teachers:${schoolId}`;

export const teacherRoutes: FastifyPluginAsync<{
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
}> = async (app, { db, limiter, now }) => {
  async function staffFor(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    return staffOf(db, user, now());
  }
  async function schoolFor(request: FastifyRequest): Promise<SchoolStaff> {
    const staff = await staffFor(request);
    requireSchool(staff);
    return staff;
  }
  /** Counted per school, so one school's script cannot mint accounts (or scrypt work) without end. */
  async function countWrite(staff: SchoolStaff) {
    const hit = await limiter.hit(teacherWritesKey(staff.schoolId), TEACHER_WRITES_PER_MINUTE, 60_000);
    if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs);
  }

  app.get('/classes/me', async (request) => {
    const staff = await staffFor(request);
    const info: StaffInfo = { kind: staff.kind, name: staff.name, schoolName: schoolNameOf(staff.school) };
    return productOk(request, info);
  });

  app.get('/school/teachers', async (request) => {
    const staff = await schoolFor(request);
    return productOk(request, await listTeachers(db, staff.schoolId));
  });

  app.post('/school/teachers', async (request) => {
    const staff = await schoolFor(request);
    const input = parseInput(teacherInputSchema, request.body);
    await countWrite(staff);
    return productOk(request, await createTeacher(db, staff, input, now()));
  });

  app.put('/school/teachers/:userId/classes', async (request) => {
    const staff = await schoolFor(request);
    const { userId } = parseInput(teacherParams, request.params);
    const { classIds } = parseInput(teacherClassesSchema, request.body);
    return productOk(request, await setTeacherClasses(db, staff.schoolId, userId, classIds, now()));
  });

  app.post('/school/teachers/:userId/password', async (request) => {
    const staff = await schoolFor(request);
    const { userId } = parseInput(teacherParams, request.params);
    await countWrite(staff);
    return productOk(request, await resetTeacherPassword(db, staff.schoolId, userId, now()));
  });

  app.delete('/school/teachers/:userId', async (request) => {
    const staff = await schoolFor(request);
    const { userId } = parseInput(teacherParams, request.params);
    await deleteTeacher(db, staff.schoolId, userId);
    return productOk(request, null);
  });
};
