/** The header's status and severity filters (in the address) and Refresh. */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../shared/routing/router';
import { RefreshButton } from '../../../shared/ui/RefreshButton';
import {
  DEFAULT_WARNING_STATUS,
  WARNING_SEVERITIES,
  WARNING_STATUSES,
  readWarningFilters,
  warningsQuery,
} from '../queries';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function FilterSelect({
  name,
  label,
  all,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  all: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="page-header__filter">
      <label htmlFor={`warnings-${name}`}>{label}</label>
      <select
        id={`warnings-${name}`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="all">{all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {capitalise(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function WarningFilters() {
  const [params, setParams] = useSearchParams();
  const warnings = useQuery(warningsQuery);
  const filters = readWarningFilters(params);
  const setFilter = (name: 'status' | 'severity', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  return (
    <>
      <FilterSelect
        name="status"
        label="Status"
        all="All statuses"
        value={filters.status}
        options={WARNING_STATUSES}
        onChange={(value) => {
          setFilter('status', value, DEFAULT_WARNING_STATUS);
        }}
      />
      <FilterSelect
        name="severity"
        label="Severity"
        all="All severities"
        value={filters.severity}
        options={WARNING_SEVERITIES}
        onChange={(value) => {
          setFilter('severity', value, 'all');
        }}
      />
      <RefreshButton fetching={warnings.isFetching} onRefresh={() => void warnings.refetch()} />
    </>
  );
}

/** What an empty list says: no warnings at all, or none that match the filters. */
export function WarningsEmpty() {
  const warnings = useQuery(warningsQuery);
  return (
    <p>
      {warnings.data?.length === 0
        ? 'The server reports no warnings.'
        : 'No warning matches these filters.'}
    </p>
  );
}
