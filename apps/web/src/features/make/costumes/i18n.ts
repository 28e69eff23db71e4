/**
 * The Costumes panel's texts (namespace `makeCostumes`): the panel is a chunk of its own, so its texts stay out
 * of `/make`'s first load. The toolbar button's label and the stage's "missing picture" line are in ../i18n.ts
 * (`costumes.*`); the block's dropdown texts are `Blockly.Msg` keys (blocks/stage-block-texts.ts).
 */
export const costumesTexts = {
  en: {
    title: 'Costumes: my pictures and snapshots',
    hint: 'Pictures you add here are costumes of this project: choose one in the “switch costume to” block.',
    close: 'Close',
    addFile: 'Add a picture',
    chooseFile: 'Choose a picture file (PNG, JPEG, WebP or GIF, at most 2 MB)',
    snapshot: 'Take a snapshot',
    takeSnapshot: 'Take it',
    cancel: 'Cancel',
    cameraLabel: 'The camera, for a snapshot',
    cameraStarting: 'Starting the camera…',
    snapshotName: 'Snapshot {{n}}',
    uploading: 'Adding the picture…',
    empty: 'No pictures yet.',
    used: '{{used}} MB of {{limit}} MB used in this project',
    nameLabel: 'Name of the picture “{{name}}”',
    delete: 'Delete',
    deleteLabel: 'Delete the picture “{{name}}”',
    pictureAlt: 'The picture “{{name}}”',
    failed: 'That did not work: {{message}}',
  },
  'zh-CN': {
    title: '造型：我的图片和快照',
    hint: '在这里添加的图片是这个项目的造型：在“换成 … 造型”积木里选择它。',
    close: '关闭',
    addFile: '添加图片',
    chooseFile: '选择图片文件（PNG、JPEG、WebP 或 GIF，最大 2 MB）',
    snapshot: '拍一张快照',
    takeSnapshot: '拍摄',
    cancel: '取消',
    cameraLabel: '摄像头画面，用于拍快照',
    cameraStarting: '正在打开摄像头…',
    snapshotName: '快照 {{n}}',
    uploading: '正在添加图片…',
    empty: '还没有图片。',
    used: '这个项目已用 {{used}} MB，共 {{limit}} MB',
    nameLabel: '图片“{{name}}”的名字',
    delete: '删除',
    deleteLabel: '删除图片“{{name}}”',
    pictureAlt: '图片“{{name}}”',
    failed: '没有成功：{{message}}',
  },
};
