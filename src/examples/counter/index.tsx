import { useState } from 'react';
import { atom, makeStore, selector } from '@rkrupinski/stan';
import { StanProvider, useStan, useStanReset, useStanValue } from '@rkrupinski/stan/react';
import * as styles from './styles.module.css';

// Definitions live at module level; values live in whichever store reads them.
const count = atom(0, { tag: 'count' });

const parity = selector(({ get }) => (get(count) % 2 === 0 ? 'even' : 'odd'), {
  tag: 'parity',
});

function Controls() {
  const [value, setValue] = useStan(count);
  const reset = useStanReset(count);

  return (
    <div className={styles.row}>
      <button type="button" className={styles.button} onClick={() => setValue((c) => c - 1)}>
        −1
      </button>
      <output className={styles.value} aria-label="Count">
        {value}
      </output>
      <button type="button" className={styles.button} onClick={() => setValue((c) => c + 1)}>
        +1
      </button>
      <button type="button" className={styles.secondary} onClick={reset}>
        Reset
      </button>
    </div>
  );
}

function Parity() {
  const label = useStanValue(parity);
  return <p className={styles.note}>The count is {label}.</p>;
}

export default function CounterExample() {
  // One store per mounted example, so two counters on a page never share a value.
  const [store] = useState(makeStore);

  return (
    <StanProvider store={store}>
      <Controls />
      <Parity />
    </StanProvider>
  );
}
