/**
 * Every message the server puts on the wire, in both UI languages. The server picks the language from the
 * request's Accept-Language (zh-CN unless it asks for en), so the toasts the client shows are translated.
 * Model training's texts are in `model-train-messages.ts` (kept out of the first page's JavaScript).
 */
import type { Language } from './languages.ts';
import { isMakeMessage, makeMessages, type MakeMessageKey } from './make-messages.ts';
import { isTrainMessage, trainMessages, type TrainMessageKey } from './model-train-messages.ts';

// Re-exported from their own small modules: the first page needs them, not the message table (its JavaScript
// budget, docs/decisions.md "First load").
export { LANGUAGES, pickLanguage, type Language } from './languages.ts';
export { ACCOUNT_CODE } from './account-codes.ts';

export const serverMessages = {
  ok: { en: 'ok', 'zh-CN': '成功' },
  badRequest: { en: 'bad request', 'zh-CN': '请求参数错误' },
  nulCharacter: {
    en: 'text must not contain a NUL character (\\u0000)',
    'zh-CN': '文本不能包含空字符（\\u0000）',
  },
  bidiControl: {
    en: 'names must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)',
    'zh-CN': '名称不能包含文字方向控制字符（U+202A–U+202E、U+2066–U+2069）',
  },
  multipartBoundary: {
    en: 'a multipart/form-data request needs a boundary (1 to 70 characters) in its Content-Type',
    'zh-CN': 'multipart/form-data 请求的 Content-Type 中需要 boundary（1 到 70 个字符）',
  },
  invalidSignature: { en: 'invalid request signature', 'zh-CN': '请求签名无效' },
  invalidDestination: { en: 'email or phone number is wrong', 'zh-CN': '邮箱或手机号错误' },
  tooFrequent: { en: 'operation too frequent, try later', 'zh-CN': '操作过于频繁，请稍后再试' },
  tooManyRequests: { en: 'too many requests, try later', 'zh-CN': '请求过多，请稍后再试' },
  codeError: { en: 'verification code error', 'zh-CN': '验证码错误' },
  uuidInvalid: {
    en: 'the verification has expired, please get a new code',
    'zh-CN': '验证已失效，请重新获取验证码',
  },
  sendFailed: { en: 'the code could not be sent, try later', 'zh-CN': '验证码发送失败，请稍后再试' },
  loginFailed: { en: 'account or password wrong', 'zh-CN': '账号或密码错误' },
  studentLoginFailed: {
    en: 'student account or password wrong; ask your teacher to reset it',
    'zh-CN': '学生账号或密码错误，请联系老师重置',
  },
  noPasswordSet: {
    en: 'this account has no password yet: log in with a code and set one',
    'zh-CN': '该账号尚未设置密码，请使用验证码登录后设置',
  },
  loginLocked: {
    en: 'too many failed sign-ins, try again later; minutes to wait',
    'zh-CN': '登录失败次数过多，请稍后再试；需等待的分钟数',
  },
  secretInvalid: {
    en: 'client secret invalid, check the device clock',
    'zh-CN': '客户端校验失败，请检查设备时间',
  },
  loginLinkInvalid: { en: 'login link invalid or expired', 'zh-CN': '登录链接无效或已过期' },
  ssoInvalid: { en: 'single sign-on token invalid', 'zh-CN': '单点登录凭证无效' },
  ssoNotConfigured: { en: 'single sign-on is not configured', 'zh-CN': '未配置单点登录' },
  unauthorized: { en: 'unauthorized, please log in', 'zh-CN': '未授权，请登录' },
  forbidden: { en: 'forbidden', 'zh-CN': '禁止访问' },
  notFound: { en: 'requested resource does not exist', 'zh-CN': '请求的资源不存在' },
  payloadTooLarge: { en: 'request body too large', 'zh-CN': '请求内容过大' },
  unsupportedMedia: { en: 'unsupported content type', 'zh-CN': '不支持的内容类型' },
  internal: { en: 'server internal error', 'zh-CN': '服务器内部错误' },
  /** 503: a limited action while the rate-limit store (Redis) does not answer; limits fail closed. */
  serviceBusy: { en: 'the service is busy, try again in a moment', 'zh-CN': '服务繁忙，请稍后再试' },
  internalRefunded: {
    en: 'something went wrong on the server; no credits were charged',
    'zh-CN': '服务器出错，未扣除积分',
  },
  insufficientCredits: { en: 'not enough credits', 'zh-CN': '积分不足' },
  aiNotConfigured: {
    en: 'this AI service is not configured: the administrator sets its provider (see docs/operations.md)',
    'zh-CN': '该 AI 服务尚未配置：请管理员设置服务提供方（见 docs/operations.md）',
  },
  aiProviderFailed: {
    en: 'the AI service did not answer; no credits were charged',
    'zh-CN': 'AI 服务未响应，未扣除积分',
  },
  aiTimeout: {
    en: 'the AI service took too long; no credits were charged',
    'zh-CN': 'AI 服务超时，未扣除积分',
  },
  aiDailyCap: {
    en: 'daily limit of AI calls reached, try again tomorrow',
    'zh-CN': '今日 AI 调用次数已达上限，请明天再试',
  },
  labDenied: { en: 'this lab is not open for your account', 'zh-CN': '您的账号未开通此实验' },
  duplicateRequest: {
    en: 'this request is already being processed',
    'zh-CN': '该请求正在处理中',
  },
  accountDisabled: {
    en: 'this account is disabled; contact your administrator',
    'zh-CN': '该账号已停用，请联系管理员',
  },
  notTeacher: {
    en: 'only school (campus) and teacher accounts can do this',
    'zh-CN': '仅校园账号和教师账号可以进行此操作',
  },
  notSchool: { en: 'only the school account can do this', 'zh-CN': '仅学校（校园）账号可以进行此操作' },
  classBudgetEmpty: {
    en: 'your class has no credits left; ask your teacher to add more',
    'zh-CN': '班级积分已用完，请联系老师补充',
  },
  studentDailyCapReached: {
    en: "you have used today's credits from your class; try again tomorrow or ask your teacher",
    'zh-CN': '你今天的班级积分已用完，请明天再试或联系老师',
  },
  schoolPoolTooSmall: {
    en: 'the school does not have enough credits for this allocation; school balance',
    'zh-CN': '学校积分不足，无法分配；学校余额',
  },
  promptBlocked: {
    en: 'your school does not allow a word in this prompt; please rephrase it. The word',
    'zh-CN': '提示词包含学校不允许使用的词语，请修改后再试。词语',
  },
  labLockedByLesson: {
    en: 'your teacher has opened other labs for this lesson; this one is locked until it ends',
    'zh-CN': '老师为本节课开放了其他实验，此实验在下课前已锁定',
  },
  notImage: {
    en: 'please choose a valid image file (PNG, JPEG, GIF or WebP)',
    'zh-CN': '请选择有效的图片文件（PNG、JPEG、GIF 或 WebP）',
  },
  unsupportedFile: {
    en: 'this kind of file is not accepted: images, PDF, PowerPoint (.pptx) or video (MP4, WebM)',
    'zh-CN': '不支持该文件类型：可上传图片、PDF、PowerPoint（.pptx）或视频（MP4、WebM）',
  },
  fileTooLarge: { en: 'the file is too large', 'zh-CN': '文件过大' },
  photoTooLarge: {
    en: 'the photo is larger than 20 MB: take it again or crop it',
    'zh-CN': '照片超过 20 MB：请重新拍摄或裁剪',
  },
  photoTooManyPixels: {
    en: 'the photo is more than 8,000 pixels wide or high: make it smaller',
    'zh-CN': '照片的宽或高超过 8000 像素：请缩小后再试',
  },
  noFile: { en: 'no file was sent', 'zh-CN': '未收到文件' },
  audioInvalid: {
    en: 'please choose a valid audio file (WAV, MP3, OGG or WebM)',
    'zh-CN': '请选择有效的音频文件（WAV、MP3、OGG 或 WebM）',
  },
  audioTooLong: {
    en: 'the recording is longer than 60 seconds: record a shorter one',
    'zh-CN': '录音超过 60 秒：请录一段更短的',
  },
  speechEngineFailed: {
    en: 'the built-in speech engine did not answer; try again',
    'zh-CN': '内置语音合成引擎未响应，请重试',
  },
  accountsExist: { en: 'these accounts already exist', 'zh-CN': '以下账号已存在' },
  schoolCodeTaken: {
    en: 'this school code belongs to another school',
    'zh-CN': '该学校代码已被其他学校使用',
  },
  schoolCodeSet: {
    en: 'the school code is set already, and every class and teacher login uses it',
    'zh-CN': '学校代码已经设置，所有班级和老师的账号都使用它',
  },
  schoolCodeNeeded: {
    en: "set the school's code first (in school settings, or with the first class)",
    'zh-CN': '请先设置学校代码（在学校设置里，或创建第一个班级时）',
  },
  doodleNoSchool: {
    en: 'only students of a school (accounts made in a class) can share drawings with their school',
    'zh-CN': '只有学校的学生（班级里创建的账号）才能把画分享给学校',
  },
  doodleSetFull: {
    en: "the school's doodle set is full (5,000 drawings): ask your teacher to clear it",
    'zh-CN': '学校的涂鸦集已满（5000 幅）：请老师清空后再分享',
  },
  doodleConsent: {
    en: 'drawings are shared only when the student agrees (consent: true)',
    'zh-CN': '只有学生同意后才能分享画作（consent: true）',
  },
  doodleLabel: {
    en: 'a label has 1 to 20 letters or digits (spaces, - and apostrophes inside)',
    'zh-CN': '名称须为 1 到 20 个字母或数字（中间可有空格、- 和撇号）',
  },
  doodlePixels: {
    en: 'a drawing is 784 bytes (28 × 28) in base64',
    'zh-CN': '每幅画须为 base64 编码的 784 字节（28 × 28）',
  },
  eventNotActive: { en: 'the event is not running now', 'zh-CN': '活动不在进行中' },
  wrongRedeemCode: { en: 'the redeem code is wrong', 'zh-CN': '兑换码错误' },
  redeemCodeFormat: {
    en: 'a redeem code has 8 to 32 letters and digits',
    'zh-CN': '兑换码须为 8 到 32 位字母或数字',
  },
  alreadyRedeemed: { en: 'already redeemed for this account', 'zh-CN': '该账号已兑换过' },
  alreadyCheckedIn: { en: 'already checked in today', 'zh-CN': '今天已签到' },
  loggedOut: { en: 'logged out', 'zh-CN': '已退出登录' },
  imageFixTooLarge: {
    en: 'the photo is larger than 8 MB: make it smaller, then try again',
    'zh-CN': '照片超过 8 MB：请缩小后再试',
  },
  imageFixTooSmall: {
    en: 'the photo must be at least 50 pixels wide and high',
    'zh-CN': '照片的宽和高都至少要 50 像素',
  },
  imageFixTooManyPixels: {
    en: 'the photo is too big for this cloud tool: at most 2,048 pixels on a side (1,024 for enlarging)',
    'zh-CN': '照片太大：云端工具最多接受每边 2048 像素（放大功能为 1024 像素）',
  },
  imageFixResultGone: {
    en: 'this result is no longer kept on the server (after 24 hours): send the photo again',
    'zh-CN': '该结果已不在服务器上保存（超过 24 小时）：请重新发送照片',
  },
  sketchNotImage: {
    en: 'the sketch must be a PNG or JPEG picture',
    'zh-CN': '草图必须是 PNG 或 JPEG 图片',
  },
  sketchTooLarge: {
    en: 'the sketch is too large: at most 4 MB and 2,048 pixels on a side',
    'zh-CN': '草图太大：最多 4 MB，边长最多 2048 像素',
  },
  pictureNotPng: {
    en: 'the picture must be a PNG',
    'zh-CN': '图片必须是 PNG 格式',
  },
  pictureTooLarge: {
    en: 'the picture is too large: at most 512 KB and 1,024 pixels on a side',
    'zh-CN': '图片太大：最多 512 KB，边长最多 1024 像素',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type MessageKey = keyof typeof serverMessages | TrainMessageKey | MakeMessageKey;

export function messageText(key: MessageKey, language: Language): string {
  if (isTrainMessage(key)) return trainMessages[key][language];
  if (isMakeMessage(key)) return makeMessages[key][language];
  return serverMessages[key][language];
}
