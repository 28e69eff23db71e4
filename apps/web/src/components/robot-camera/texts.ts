/**
 * Texts of the robot's camera as a source of pictures (namespace `robotCamera`): a trainer collects samples
 * from what the robot world's robot sees ahead (issue 27).
 */
import { componentTexts } from '../../lib/component-texts.ts';
import type { LabTextKey } from '../../lib/lab-i18n.ts';

const en = {
  title: 'The robot’s camera',
  hint: 'Drive the robot with the arrow buttons (or the arrow keys on the map), or click on the map to put it there: on a road it faces along the road. Then hold a class’s record button — the samples are what the robot’s camera sees.',
  arena: 'World',
  arenas: {
    town: 'Traffic town',
    line: 'Line track',
    maze: 'Maze',
    sumo: 'Sumo ring',
    warehouse: 'Warehouse',
  },
  map: 'The {{arena}} from above, with the robot. Click to put the robot there; arrow keys drive it.',
  view: 'What the robot’s camera sees',
  where: 'The robot is at {{x}} cm, {{y}} cm, facing {{compass}}°.',
  drive: 'Drive the robot',
  forward: 'Forward',
  back: 'Back',
  left: 'Turn left',
  right: 'Turn right',
};

const zhCN: typeof en = {
  title: '机器人的摄像头',
  hint: '用方向按钮（或在地图上按方向键）开动机器人，也可以点击地图把它放到那里：放在马路上时它会顺着马路朝向。然后按住某个类别的录制按钮——样本就是机器人摄像头看到的画面。',
  arena: '场地',
  arenas: {
    town: '交通小镇',
    line: '巡线跑道',
    maze: '迷宫',
    sumo: '相扑擂台',
    warehouse: '仓库',
  },
  map: '从上方看{{arena}}和机器人。点击把机器人放到那里；方向键开动它。',
  view: '机器人摄像头看到的画面',
  where: '机器人在 {{x}} 厘米、{{y}} 厘米处，朝向 {{compass}}°。',
  drive: '开动机器人',
  forward: '前进',
  back: '后退',
  left: '左转',
  right: '右转',
};

export type RobotCameraTextKey = LabTextKey<typeof en>;
export const useRobotCameraTexts = componentTexts('robotCamera', { en, 'zh-CN': zhCN }).useTexts;
