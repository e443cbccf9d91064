import { Input, SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { uiText } from '../../lib/ui-text';

/** System (the device's setting, the default), Light or Dark; Mantine keeps the choice in localStorage. */
export function ColorSchemeSetting() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  const hintId = useId();
  return (
    <Input.Wrapper
      label={uiText.colorScheme}
      description={uiText.colorSchemeHint}
      labelProps={{ id: labelId, component: 'span' }}
      descriptionProps={{ id: hintId }}
    >
      <SegmentedControl
        mt={4}
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data={[
          { value: 'auto', label: uiText.colorSchemeSystem },
          { value: 'light', label: uiText.colorSchemeLight },
          { value: 'dark', label: uiText.colorSchemeDark },
        ]}
        data-testid="color-scheme"
      />
    </Input.Wrapper>
  );
}
