import { describe, expect, it } from 'vitest';
import { relativeMapPath, resolveMapPath } from '../../../core/scenario/mapPath.ts';

describe('map paths relative to the scenario file', () => {
  it('resolves against the scenario folder', () => {
    expect(resolveMapPath('/home/u/lab/door.json', 'maps/den520d.map')).toBe('/home/u/lab/maps/den520d.map');
    expect(resolveMapPath('/home/u/lab/door.json', '../shared/./x.map')).toBe('/home/u/shared/x.map');
    expect(resolveMapPath('door.json', 'x.map')).toBe('x.map');
    expect(resolveMapPath('C:\\lab\\door.json', 'maps/x.map')).toBe('C:\\lab\\maps\\x.map');
  });

  it('writes the reference from the scenario folder, with forward slashes', () => {
    expect(relativeMapPath('/home/u/lab/door.json', '/home/u/lab/maps/den.map')).toBe('maps/den.map');
    expect(relativeMapPath('/home/u/lab/door.json', '/home/u/shared/den.map')).toBe('../shared/den.map');
    expect(relativeMapPath('C:\\lab\\door.json', 'C:\\lab\\den.map')).toBe('den.map');
    expect(resolveMapPath('/home/u/lab/door.json', relativeMapPath('/home/u/lab/door.json', '/home/u/x/y.map'))).toBe('/home/u/x/y.map');
  });
});
