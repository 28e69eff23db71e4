import { describe, expect, it } from 'vitest';
import { loginProblems, rowsFrom, studentsRequest } from './student-logins.ts';

describe('student logins in the add-students form', () => {
  it('starts from the suggestions and sends the display names as typed with the kept or edited logins', () => {
    const rows = rowsFrom([
      { name: '张三', login: 'zhangsan', account: 'zhangsan@demo' },
      { name: '张三', login: 'zhangsan2', account: 'zhangsan2@demo' },
    ]);
    rows[1]!.login = ' S02 ';
    expect(studentsRequest(rows)).toEqual({
      students: [
        { name: '张三', login: 'zhangsan' },
        { name: '张三', login: 's02' },
      ],
    });
  });

  it('flags logins a child could not type or that repeat, by row', () => {
    const problems = loginProblems([
      { name: 'a', login: 'amy' },
      { name: 'b', login: '' },
      { name: 'c', login: '张三' },
      { name: 'd', login: 'zoe.li' },
      { name: 'e', login: 'AMY' },
      { name: 'f', login: 'ok_1-2' },
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      0: 'repeated',
      1: 'empty',
      2: 'chars',
      3: 'chars',
      4: 'repeated',
    });
  });
});
