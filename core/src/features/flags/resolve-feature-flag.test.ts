import { clientConfigFixture } from '../../testing/client-config-fixture';
import { memoryStorage } from '../../testing/fake-platform';
import { FEATURE_FLAG_SETTINGS_KEY, resolveFeatureFlag } from './resolve-feature-flag';

const flag = 'PhotoManagementUploadEnabled';
const config = clientConfigFixture({
  FeatureFlagHosts: {
    ...clientConfigFixture().FeatureFlagHosts,
    [flag]: ['photobox-uk.localhost'],
  },
});

describe('resolveFeatureFlag (docs/product.md#roles-and-flags: override, then stored setting, then host list)', () => {
  it.each([
    // [what, storage, brand host, expected]
    ['host list on, nothing stored', {}, 'photobox-uk.localhost', true],
    ['host list off, nothing stored', {}, 'albelli-nl.localhost', false],
    ['host match ignores case', {}, 'PhotoBox-UK.localhost', true],
    ['override false beats host list', { [flag]: 'false' }, 'photobox-uk.localhost', false],
    ['override true beats host list', { [flag]: 'true' }, 'albelli-nl.localhost', true],
    [
      'override beats stored setting',
      { [flag]: 'true', [FEATURE_FLAG_SETTINGS_KEY]: `{"${flag}":false}` },
      'albelli-nl.localhost',
      true,
    ],
    ['unparseable override is ignored', { [flag]: 'yes' }, 'photobox-uk.localhost', true],
    ['override "1" is ignored', { [flag]: '1' }, 'albelli-nl.localhost', false],
    [
      'stored setting beats host list (off)',
      { [FEATURE_FLAG_SETTINGS_KEY]: `{"${flag}":false}` },
      'photobox-uk.localhost',
      false,
    ],
    [
      'stored setting beats host list (on)',
      { [FEATURE_FLAG_SETTINGS_KEY]: `{"${flag}":true}` },
      'albelli-nl.localhost',
      true,
    ],
    [
      'setting without this flag falls through',
      { [FEATURE_FLAG_SETTINGS_KEY]: '{"PhotoManagementAlbumViewEnabled":false}' },
      'photobox-uk.localhost',
      true,
    ],
    [
      'setting that is not JSON is ignored',
      { [FEATURE_FLAG_SETTINGS_KEY]: '{oops' },
      'albelli-nl.localhost',
      false,
    ],
    [
      'setting with a non-boolean is ignored',
      { [FEATURE_FLAG_SETTINGS_KEY]: `{"${flag}":"true"}` },
      'photobox-uk.localhost',
      true,
    ],
    [
      'setting with an unknown flag is ignored',
      { [FEATURE_FLAG_SETTINGS_KEY]: `{"${flag}":false,"Nope":true}` },
      'photobox-uk.localhost',
      true,
    ],
    [
      'setting that is an array is ignored',
      { [FEATURE_FLAG_SETTINGS_KEY]: '[true]' },
      'albelli-nl.localhost',
      false,
    ],
  ])('%s', (_what, stored, host, expected) => {
    expect(
      resolveFeatureFlag(flag, { storage: memoryStorage(stored), config, brandHost: host }),
    ).toBe(expected);
  });

  it('treats a throwing storage as empty', () => {
    const storage = {
      get: () => {
        throw new Error('SecurityError');
      },
    };
    expect(resolveFeatureFlag(flag, { storage, config, brandHost: 'photobox-uk.localhost' })).toBe(
      true,
    );
  });
});
