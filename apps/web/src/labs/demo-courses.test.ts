/**
 * The demo courses must be true: every lesson links only to labs that are built here (the registry finds
 * them at build time), and every lab category with a built lab has a course that uses it. The seed data
 * lives in the server; it is plain data, so this test reads the same list the server seeds.
 */
import { describe, expect, it } from 'vitest';
import { LAB_CATEGORIES } from '@ai-edu/contract';
import { DEMO_COURSES } from '../../../server/src/seed/demo-course-content.ts';
import { findLab, LAB_REGISTRY } from './registry.ts';

const lessons = DEMO_COURSES.flatMap((course) =>
  course.sessions.map((lesson) => ({ where: `${course.key} › ${lesson.title}`, lesson })),
);

describe('demo courses', () => {
  it('link every lesson only to labs that exist and are built', () => {
    const broken = lessons.flatMap(({ where, lesson }) =>
      lesson.labs.filter((slug) => findLab(slug)?.load === undefined).map((slug) => `${where}: ${slug}`),
    );
    expect(broken).toEqual([]);
    expect(lessons.every(({ lesson }) => lesson.labs.length > 0)).toBe(true);
  });

  it('cover every lab category that has a built lab', () => {
    const linked = new Set(
      lessons.flatMap(({ lesson }) => lesson.labs.map((slug) => findLab(slug)?.category)),
    );
    const builtCategories = LAB_CATEGORIES.filter((category) =>
      LAB_REGISTRY.some((lab) => lab.category === category && lab.load),
    );
    expect(builtCategories.filter((category) => !linked.has(category))).toEqual([]);
  });

  it('carry English for every text, and unique seed keys', () => {
    expect(new Set(DEMO_COURSES.map((c) => c.key)).size).toBe(DEMO_COURSES.length);
    for (const course of DEMO_COURSES) {
      expect(course.en.title && course.en.description, course.key).toBeTruthy();
      for (const lesson of course.sessions)
        expect(lesson.en.title && lesson.en.body, lesson.title).toBeTruthy();
    }
  });
});
