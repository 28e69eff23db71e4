/** Class routes (issue 7): teachers only (vip 2), each seeing only their own classes and students. */
import { bulkStudentsSchema, classInputSchema, passwordDigest } from '@ai-edu/contract';
import { classes, users, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { requireCaller } from '../../plugins/session.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import {
  assertSchoolCodeFree,
  classDashboard,
  classStudentsOf,
  createStudents,
  listClasses,
  ownedClass,
  requireTeacher,
  studentOfClass,
} from './service.ts';

const classParams = z.object({ id: z.uuid() });
const studentParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const classRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  async function teacherOf(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    requireTeacher(user, now());
    return user;
  }
  async function classOf(request: FastifyRequest) {
    const teacher = await teacherOf(request);
    const { id } = parseInput(classParams, request.params);
    return { teacher, klass: await ownedClass(db, teacher, id) };
  }

  app.get('/classes', async (request) => productOk(request, await listClasses(db, await teacherOf(request))));

  app.post('/classes', async (request) => {
    const input = parseInput(classInputSchema, request.body);
    const teacher = await teacherOf(request);
    await assertSchoolCodeFree(db, teacher, input.schoolCode);
    const [row] = await db
      .insert(classes)
      .values({ ...input, ownerId: teacher.id, createdAt: now() })
      .returning();
    return productOk(request, {
      id: row!.id,
      name: row!.name,
      schoolCode: row!.schoolCode,
      students: 0,
      createdAt: row!.createdAt.toISOString(),
    });
  });

  app.get('/classes/:id', async (request) => {
    const { klass } = await classOf(request);
    return productOk(request, {
      id: klass.id,
      name: klass.name,
      schoolCode: klass.schoolCode,
      students: await classStudentsOf(db, klass.id),
    });
  });

  app.delete('/classes/:id', async (request) => {
    const { klass } = await classOf(request);
    const students = await classStudentsOf(db, klass.id);
    await db.transaction(async (tx) => {
      for (const s of students) await tx.delete(users).where(eq(users.id, s.userId));
      await tx.delete(classes).where(eq(classes.id, klass.id));
    });
    return productOk(request, null);
  });

  app.post('/classes/:id/students', async (request) => {
    const { names } = parseInput(bulkStudentsSchema, request.body);
    const { teacher, klass } = await classOf(request);
    return productOk(request, await createStudents(db, teacher, klass, names, now()));
  });

  app.post('/classes/:id/students/:userId/password', async (request) => {
    const { userId } = parseInput(studentParams, request.params);
    const { klass } = await classOf(request);
    const student = await studentOfClass(db, klass, userId);
    const password = temporaryPassword();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(passwordDigest(password)), updatedAt: now() })
      .where(eq(users.id, userId));
    await revokeAllSessions(db, userId, now());
    return productOk(request, { ...student, password });
  });

  /** Removes the student's account: it was made for this class and belongs to no one else. */
  app.delete('/classes/:id/students/:userId', async (request) => {
    const { userId } = parseInput(studentParams, request.params);
    const { klass } = await classOf(request);
    await studentOfClass(db, klass, userId);
    await db.delete(users).where(eq(users.id, userId));
    return productOk(request, null);
  });

  app.get('/classes/:id/dashboard', async (request) => {
    const { klass } = await classOf(request);
    return productOk(request, await classDashboard(db, klass));
  });
};
