import { useTranslation } from 'react-i18next';
import { MonitorUp } from '../../shared/ui/icons.tsx';
import { ToggleButton } from './device-check.tsx';

/** Share the screen; while sharing it says "Stop sharing" (issue 30 item 11). */
export function ShareButton({
  sharing,
  onToggle,
  disabled,
}: {
  sharing: boolean;
  onToggle: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lesson-room');
  return (
    <ToggleButton
      pressed={sharing}
      onToggle={onToggle}
      label={sharing ? t('controls.stopShare') : t('controls.share')}
      icon={MonitorUp}
      testId="lesson-share"
      disabled={disabled}
    />
  );
}
