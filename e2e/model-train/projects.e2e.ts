/**
 * /modelTrain (issue 15): a school account creates, renames, duplicates and deletes training projects, shares
 * one with its class, and a student of that class sees it read-only and makes an own copy. The class and the
 * student are made through the class API with the school's session; pictures go up through the training API.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassSummary, CreatedStudent } from '@ai-edu/contract';
import { createUser, type TestAccount } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { clsPngs, sessionUid, tinyPng, trainApi, TrainApiError } from '../support/model-train.ts';
import { dialog, eventually, gone, settle, toastSeen, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
const JOURNEY_MS = 240_000;
let school: TestAccount;

beforeAll(async () => {
  school = await createUser(e2e.dataDir, {
    account: 'train.school@example.com',
    password: 'School2pass',
    vip: 2,
    days: 90,
    company: 'Oak School',
  });
});

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** A project card by its exact name (the name is the card's link). */
const card = (scope: Locator, name: string) =>
  scope.locator('.mt-project-card').filter({ has: scope.page().getByRole('link', { name, exact: true }) });
const cardButton = (scope: Locator, name: string) => scope.getByRole('button', { name });

async function productPost<T>(uid: string, path: string, json: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${uid}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ ...json, user_id: uid }),
  });
  const body = (await res.json()) as { status: number; message: string; data: T };
  if (!res.ok || body.status < 1) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

async function confirmPopover(page: Page): Promise<void> {
  await settle(page);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
}

describe('model training projects', () => {
  it(
    'creates, renames, duplicates and deletes; shares with a class whose student sees it read-only',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, school);
      const uid = await sessionUid(page);
      const api = trainApi(e2e.baseUrl, uid);

      await page.goto('/modelTrain');
      const mine = section(page, 'My projects');
      await visible(mine.getByText('No projects yet: create the first one.'));

      // Create: the dialog asks for a name, a kind and optional classes, then opens the project's page.
      await page.getByRole('button', { name: 'New project' }).click();
      await dialog(page).getByLabel('Project name').fill('Fruit');
      await dialog(page).getByLabel('Classes (optional, one per line)').fill('apple\npear\n');
      await dialog(page).getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/modelTrain\/mmedu\/cls\?project=\d+$/);
      const projectId = Number(new URL(page.url()).searchParams.get('project'));
      const stored = await api.getProject(projectId);
      expect(stored).toMatchObject({
        name: 'Fruit',
        kind: 'cls',
        classes: ['apple', 'pear'],
        readOnly: false,
      });

      // Four pictures through the API: the card counts them.
      await api.uploadImages(projectId, clsPngs(['apple', 'pear'], 2, { size: 64 }));
      await page.goto('/modelTrain');
      const fruit = card(mine, 'Fruit');
      await visible(fruit.getByText('4 images · 2 classes'));
      await visible(fruit.getByText('Not trained yet'));
      await visible(fruit.getByText('Image classification'));

      // Rename.
      await cardButton(fruit, 'Rename').click();
      await dialog(page).getByLabel('New name').fill('Fruits');
      await dialog(page).getByRole('button', { name: 'OK' }).click();
      await gone(dialog(page));
      const fruits = card(mine, 'Fruits');
      await visible(fruits);
      expect((await api.getProject(projectId)).name).toBe('Fruits');

      // Duplicate: a new own project with the same pictures.
      await cardButton(fruits, 'Duplicate').click();
      await toastSeen(page, 'Copied as “Fruits (copy)”');
      const copy = card(mine, 'Fruits (copy)');
      await visible(copy.getByText('4 images · 2 classes'));

      // Delete asks first; the copy goes, the original stays.
      await cardButton(copy, 'Delete').click();
      await confirmPopover(page);
      await gone(copy);
      await visible(fruits);
      const listed = await api.listProjects();
      expect(listed.projects.map((p) => p.name)).toEqual(['Fruits']);

      // A class with one student, through the class API.
      const klass = await productPost<ClassSummary>(uid, '/api/classes', {
        name: 'Grade 5 A',
        schoolCode: 'oak',
      });
      const [student] = await productPost<CreatedStudent[]>(uid, `/api/classes/${klass.id}/students`, {
        names: ['mia'],
      });
      expect(student?.account).toBe('mia@oak');

      // Share with the class.
      await page.reload();
      await cardButton(card(mine, 'Fruits'), 'Share with a class').click();
      await dialog(page).locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: 'Grade 5 A' }).click();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await gone(dialog(page));
      await visible(card(mine, 'Fruits').getByText('Shared with Grade 5 A'));

      // The student sees it read-only, with no edit buttons, and copies it into own projects.
      const learner = await e2e.newPage();
      await signIn(learner, student!, { path: '/modelTrain' });
      const shared = card(section(learner, 'Shared with my class'), 'Fruits');
      await visible(shared.getByText('Read-only'));
      await visible(shared.getByText('4 images · 2 classes'));
      expect(await shared.getByRole('button', { name: 'Rename' }).count()).toBe(0);
      expect(await shared.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await shared.getByRole('button', { name: 'Share with a class' }).count()).toBe(0);

      // Writing to the shared project is refused by the server.
      const studentApi = trainApi(e2e.baseUrl, await sessionUid(learner));
      const refused = await studentApi
        .updateProject(projectId, { name: 'Mine now' })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TrainApiError);
      expect((refused as TrainApiError).httpStatus).toBe(403);

      await cardButton(shared, 'Duplicate to my projects').click();
      await toastSeen(learner, 'Copied as “Fruits (copy)”');
      const own = card(section(learner, 'My projects'), 'Fruits (copy)');
      await visible(own.getByText('4 images · 2 classes'));
      await visible(cardButton(own, 'Rename'));
      expect((await studentApi.listProjects()).projects.map((p) => p.readOnly)).toEqual([false]);
    },
    JOURNEY_MS,
  );

  it(
    'edits a dataset: classes, uploads with per-file errors, an ImageNet zip, a split',
    async () => {
      const page = await e2e.newPage();
      await signIn(page, school);
      const api = trainApi(e2e.baseUrl, await sessionUid(page));
      const project = await api.createProject({ name: 'Patterns', kind: 'cls', classes: ['stripes'] });
      await page.goto(`/modelTrain/mmedu/cls?project=${project.id}`);
      const dataset = page.locator('.mt-dataset');
      const classCard = (name: string) => dataset.locator(`.mt-class-card[data-class="${name}"]`);

      // A new class.
      await dataset.getByLabel('New class name').fill('dots');
      await dataset.getByRole('button', { name: 'Add class' }).click();
      await visible(classCard('dots').getByText('0 pictures'));

      // Three pictures and one broken file into 'stripes': the broken one is listed with its reason.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'dataset-e2e-'));
      const files = [];
      for (const [i, item] of clsPngs(['stripes'], 3, { size: 64 }).entries()) {
        const file = path.join(dir, `s${i}.png`);
        await writeFile(file, item.png);
        files.push(file);
      }
      const broken = path.join(dir, 'broken.png');
      await writeFile(broken, 'not a picture');
      await classCard('stripes')
        .locator('input[type=file]')
        .setInputFiles([...files, broken]);
      const progress = dataset.locator('.mt-upload-progress');
      await visible(progress.getByText('3 of 4 uploaded'));
      await visible(progress.getByText('1 not added'));
      await visible(progress.getByText('not a picture the browser can open (use JPEG, PNG or WebP)'));
      await visible(classCard('stripes').getByText('3 pictures'));
      expect(await classCard('stripes').locator('.mt-thumb').count()).toBe(3);

      // A zip in the ImageNet layout: a new class comes with it, and the folders give the splits.
      const zip = new JSZip();
      for (let i = 0; i < 3; i++) zip.file(`patterns/training_set/dots/d${i}.png`, tinyPng(i));
      zip.file('patterns/test_set/dots/d9.png', tinyPng(9));
      zip.file('patterns/val_set/checks/c0.png', tinyPng(20));
      zip.file('patterns/readme.txt', 'not a picture');
      const zipFile = path.join(dir, 'patterns.zip');
      await writeFile(zipFile, await zip.generateAsync({ type: 'uint8array' }));
      await dataset.locator('input[accept*=".zip"]').setInputFiles(zipFile);
      await visible(classCard('dots').getByText('4 pictures'));
      await visible(classCard('checks').getByText('1 picture', { exact: true }));
      await visible(classCard('dots').locator('.mt-split-tag[data-split="test"]'));
      expect(await classCard('dots').locator('.mt-split-tag[data-split="train"]').count()).toBe(3);
      await visible(dataset.getByText('train 3 · val 1 · test 1 · 3 not split yet'));

      // A seeded split for every labelled picture.
      await dataset.getByRole('button', { name: 'Make a split' }).click();
      await toastSeen(page, 'Split made');
      await eventually(
        () => api.listImages(project.id),
        (images) => expect(images.every((image) => image.split !== null)).toBe(true),
      );
      await gone(dataset.getByText(/not split yet/));

      // Renaming a class moves its pictures; deleting one leaves them without a class.
      await classCard('checks').getByRole('button', { name: 'Rename' }).click();
      await dialog(page).getByLabel('New class name').fill('grid');
      await dialog(page).getByRole('button', { name: 'OK' }).click();
      // The dialog closes once all three steps are done (add 'grid', move the pictures, drop 'checks').
      await gone(dialog(page));
      await gone(classCard('checks'));
      await visible(classCard('grid').getByText('1 picture', { exact: true }));
      expect((await api.getProject(project.id)).classes).toEqual(['stripes', 'dots', 'grid']);
      expect((await api.listImages(project.id)).filter((i) => i.label === 'grid')).toHaveLength(1);

      await classCard('grid').getByRole('button', { name: 'Delete' }).click();
      await confirmPopover(page);
      await gone(classCard('grid'));
      await visible(classCard('').getByText('Pictures without a class'));
      expect((await api.getProject(project.id)).classes).toEqual(['stripes', 'dots']);
    },
    JOURNEY_MS,
  );
});
