import { useIntl } from 'react-intl';
import { Switch } from '../components/switch';
import { useSafety, useSystemActor } from './actors';

/**
 * Discreet mode's Ark Switch (its own chunk: Ark's switch is not part of a first visit's script;
 * SafetyBar shows a same-sized placeholder until it is in).
 */
export default function DiscreetSwitch() {
  const intl = useIntl();
  const safety = useSystemActor('safety');
  const on = useSafety((s) => s.matches({ discreet: 'on' }));
  return (
    <Switch
      checked={on}
      onCheckedChange={() => safety.send({ type: 'safety.discreet.toggle' })}
      data-testid="discreet-switch"
    >
      {intl.formatMessage({ id: 'safety.discreet.label' })}
    </Switch>
  );
}
