/** A realistic demo contact list (fictional people, reserved example numbers and addresses). */
import type { Contact } from '@ai-edu/contract';

const contact = (c: Partial<Contact> & Pick<Contact, 'area' | 'region' | 'name'>): Contact => ({
  phone: '',
  phone2: '',
  job: '',
  address: '',
  email: '',
  qrData: '',
  url: '',
  ...c,
});

export const DEMO_CONTACTS: Contact[] = [
  contact({
    area: '华北区',
    region: '北京',
    name: '王晓明',
    job: '区域教育顾问',
    phone: '13800138001',
    phone2: '010-55550101',
    address: '北京市海淀区中关村大街 1 号',
    email: 'wang.xm@example.com',
    qrData: 'WECHAT:ailab-beijing-wang',
    translations: {
      en: {
        area: 'North China',
        region: 'Beijing',
        name: 'Wang Xiaoming',
        job: 'Regional education adviser',
        address: '1 Zhongguancun Street, Haidian District, Beijing',
      },
    },
  }),
  contact({
    area: '华北区',
    region: '天津',
    name: '李静',
    job: '客户经理',
    phone: '13800138002',
    address: '天津市南开区卫津路 92 号',
    email: 'li.jing@example.com',
    qrData: 'WECHAT:ailab-tianjin-li',
    translations: {
      en: {
        area: 'North China',
        region: 'Tianjin',
        name: 'Li Jing',
        job: 'Account manager',
        address: '92 Weijin Road, Nankai District, Tianjin',
      },
    },
  }),
  contact({
    area: '华东区',
    region: '上海',
    name: '陈伟',
    job: '区域经理',
    phone: '13800138003',
    phone2: '021-55550303',
    address: '上海市徐汇区漕溪北路 88 号',
    email: 'chen.wei@example.com',
    qrData: 'WECHAT:ailab-shanghai-chen',
    translations: {
      en: {
        area: 'East China',
        region: 'Shanghai',
        name: 'Chen Wei',
        job: 'Regional manager',
        address: '88 Caoxi North Road, Xuhui District, Shanghai',
      },
    },
  }),
  contact({
    area: '华东区',
    region: '江苏',
    name: '赵敏',
    job: '教研支持',
    phone: '13800138004',
    address: '江苏省南京市鼓楼区汉口路 22 号',
    email: 'zhao.min@example.com',
    qrData: 'WECHAT:ailab-jiangsu-zhao',
    translations: {
      en: {
        area: 'East China',
        region: 'Jiangsu',
        name: 'Zhao Min',
        job: 'Teaching support',
        address: '22 Hankou Road, Gulou District, Nanjing, Jiangsu',
      },
    },
  }),
  contact({
    area: '华南区',
    region: '广东',
    name: '黄志强',
    job: '区域经理',
    phone: '13800138005',
    address: '广东省广州市天河区天河路 385 号',
    email: 'huang.zq@example.com',
    qrData: 'WECHAT:ailab-guangdong-huang',
    translations: {
      en: {
        area: 'South China',
        region: 'Guangdong',
        name: 'Huang Zhiqiang',
        job: 'Regional manager',
        address: '385 Tianhe Road, Tianhe District, Guangzhou, Guangdong',
      },
    },
  }),
  contact({
    area: '西南区',
    region: '四川',
    name: '刘洋',
    job: '客户经理',
    phone: '13800138006',
    address: '四川省成都市武侯区一环路南一段 24 号',
    email: 'liu.yang@example.com',
    qrData: 'WECHAT:ailab-sichuan-liu',
    translations: {
      en: {
        area: 'Southwest China',
        region: 'Sichuan',
        name: 'Liu Yang',
        job: 'Account manager',
        address: '24 Section 1, South First Ring Road, Wuhou District, Chengdu, Sichuan',
      },
    },
  }),
];
