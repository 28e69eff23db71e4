import { describe, expect, it } from 'vitest';
import { SpriteWorld, isImageCostume, normalDirection, stagePoint } from './sprite-world.ts';

describe('SpriteWorld', () => {
  it('starts in the middle facing right, and moves along its direction in Scratch coordinates', () => {
    const world = new SpriteWorld();
    expect(world.sprite).toMatchObject({ x: 0, y: 0, direction: 90, visible: true });
    world.move(50);
    expect(world.sprite).toMatchObject({ x: 50, y: 0 });
    world.turn(-90); // now facing up: y grows upwards
    world.move(30);
    expect(world.sprite).toMatchObject({ x: 50, y: 30, direction: 0 });
    world.turn(135);
    world.move(Math.SQRT2 * 10);
    expect(world.sprite).toMatchObject({ x: 60, y: 20, direction: 135 });
  });

  it('keeps directions in (-180, 180] and turns clockwise', () => {
    expect(normalDirection(270)).toBe(-90);
    expect(normalDirection(-180)).toBe(180);
    expect(normalDirection(540)).toBe(180);
    expect(normalDirection(-30)).toBe(-30);
    const world = new SpriteWorld();
    world.turn(100);
    expect(world.sprite.direction).toBe(-170);
  });

  it('goes to a point but stays on the stage, and reads nonsense numbers as 0', () => {
    const world = new SpriteWorld();
    world.goTo(-100, 75);
    expect(world.sprite).toMatchObject({ x: -100, y: 75 });
    world.goTo(1000, -1000);
    expect(world.sprite).toMatchObject({ x: 240, y: -180 });
    world.goTo('abc', '12');
    expect(world.sprite).toMatchObject({ x: 0, y: 12 });
  });

  it('says, changes costume, size and visibility, and tells listeners', () => {
    const world = new SpriteWorld();
    let changes = 0;
    world.subscribe(() => changes++);
    world.say('Hello');
    expect(world.sprite.saying).toBe('Hello');
    world.say('');
    expect(world.sprite.saying).toBeNull();
    world.setCostume('cat');
    world.setCostume('dragon');
    expect(world.sprite.costume).toBe('cat');
    world.setSize(1000);
    expect(world.sprite.size).toBe(500);
    world.setVisible(false);
    expect(world.sprite.visible).toBe(false);
    expect(changes).toBe(6);
    world.reset();
    expect(world.sprite).toMatchObject({ x: 0, costume: 'robot', visible: true, saying: null });
  });

  it('wears a painted picture by name (`image:<n>`), the page keeping the picture itself', () => {
    const world = new SpriteWorld();
    world.setCostume('image:2');
    expect(world.sprite.costume).toBe('image:2');
    expect(isImageCostume(world.sprite.costume)).toBe(true);
    world.setCostume('image:two');
    world.setCostume('image:');
    expect(world.sprite.costume).toBe('image:2');
    world.setCostume('star');
    expect(isImageCostume(world.sprite.costume)).toBe(false);
    world.reset();
    expect(world.sprite.costume).toBe('robot');
  });

  it('wears one of the project’s pictures by name (`asset:<id>`)', () => {
    const world = new SpriteWorld();
    world.setCostume('asset:12');
    expect(world.sprite.costume).toBe('asset:12');
    world.setCostume('asset:x');
    world.setCostume('asset:');
    expect(world.sprite.costume).toBe('asset:12');
  });

  it('shows the camera as its backdrop when asked, ignores backdrops it does not have, and starts white', () => {
    const world = new SpriteWorld();
    expect(world.backdrop).toBe('white');
    const before = world.version;
    world.setBackdrop('camera');
    expect(world.backdrop).toBe('camera');
    expect(world.version).toBe(before + 1);
    world.setBackdrop('beach');
    expect(world.backdrop).toBe('camera');
    expect(world.version).toBe(before + 1);
    world.reset();
    expect(world.backdrop).toBe('white');
  });

  it('finds clicks on the visible sprite only', () => {
    const world = new SpriteWorld();
    world.goTo(100, 50);
    expect(world.hits(110, 40)).toBe(true);
    expect(world.hits(0, 0)).toBe(false);
    world.setVisible(false);
    expect(world.hits(100, 50)).toBe(false);
    // The middle of a canvas shown at 240 × 180 is the stage's (0, 0); its top-left corner is (-240, 180).
    expect(stagePoint(120, 90, 240, 180)).toEqual({ x: 0, y: 0 });
    expect(stagePoint(0, 0, 240, 180)).toEqual({ x: -240, y: 180 });
  });
});
