/**
 * Class routes (issues 7, 16): the school sees and manages all its classes, a teacher only those assigned to
 * it; deleting a class is the school's alone. Who may is decided in access.ts.
 */
import {
  bulkStudentsSchema,
  classInputSchema,
  schoolCodeInputSchema,
  studentNamesSchema,
  studentRenameSchema,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { classForStaff, requireSchool, staffOf } from './access.ts';
import {
  classDashboard,
  classStudentsOf,
  createClass,
  createStudents,
  deleteClass,
  listClasses,
  removeStudent,
  renameStudent,
  resetStudentPassword,
  studentOfClass,
  suggestStudentLogins,
} from './service.ts';
import { schoolCodeOf, setSchoolCode } from './school-code.ts';

const classParams = z.object({ id: z.uuid() });
const studentParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const classRoutes: FastifyPluginAsync<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  async function staffFor(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    return staffOf(db, user, now());
  }
  async function classOf(request: FastifyRequest) {
    const staff = await staffFor(request);
    const { id } = parseInput(classParams, request.params);
    return { staff, klass: await classForStaff(db, staff, id) };
  }

  app.get('/classes', async (request) => productOk(request, await listClasses(db, await staffFor(request))));

  app.post('/classes', async (request) => {
    const staff = await staffFor(request);
    const input = parseInput(classInputSchema, request.body);
    return productOk(request, await createClass(db, staff, input, now()));
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
    const staff = await staffFor(request);
    requireSchool(staff);
    const { id } = parseInput(classParams, request.params);
    const klass = await classForStaff(db, staff, id);
    await deleteClass(db, klass, staff.user.id, now());
    return productOk(request, null);
  });

  /** The school's code (issue 25): every class and teacher login ends in it; the school sets it once. */
  app.get('/school/code', async (request) => {
    const staff = await staffFor(request);
    return productOk(request, { schoolCode: await schoolCodeOf(db, staff.schoolId) });
  });

  app.put('/school/code', async (request) => {
    const staff = await staffFor(request);
    requireSchool(staff);
    const { schoolCode } = parseInput(schoolCodeInputSchema, request.body);
    return productOk(request, { schoolCode: await setSchoolCode(db, staff.school, schoolCode, now()) });
  });

  app.post('/classes/:id/students', async (request) => {
    const { staff, klass } = await classOf(request);
    const { students } = parseInput(bulkStudentsSchema, request.body);
    return productOk(request, await createStudents(db, staff.school, klass, students, now()));
  });

  /** The logins the names would get now, for the teacher to check and edit before creating them. */
  app.post('/classes/:id/students/logins', async (request) => {
    const { staff } = await classOf(request);
    const { names } = parseInput(studentNamesSchema, request.body);
    return productOk(request, await suggestStudentLogins(db, staff.school, names));
  });

  /** Another login for the student (the password stays). */
  app.patch('/classes/:id/students/:userId', async (request) => {
    const { staff, klass } = await classOf(request);
    const { userId } = parseInput(studentParams, request.params);
    const { login } = parseInput(studentRenameSchema, request.body);
    const student = await studentOfClass(db, klass, userId);
    return productOk(request, await renameStudent(db, staff.school, student, login, now()));
  });

  app.post('/classes/:id/students/:userId/password', async (request) => {
    const { klass } = await classOf(request);
    const { userId } = parseInput(studentParams, request.params);
    const student = await studentOfClass(db, klass, userId);
    return productOk(request, await resetStudentPassword(db, student, now()));
  });

  /** Removes the student's account: it was made for this class and belongs to no one else. */
  app.delete('/classes/:id/students/:userId', async (request) => {
    const { klass } = await classOf(request);
    const { userId } = parseInput(studentParams, request.params);
    await removeStudent(db, klass, await studentOfClass(db, klass, userId));
    return productOk(request, null);
  });

  app.get('/classes/:id/dashboard', async (request) => {
    const { klass } = await classOf(request);
    return productOk(request, await classDashboard(db, klass));
  });
};
