import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './search-field.css';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}

/**
 * A large search box drawn like antd's Input with a prefix icon and a clear button. The lab index is a first
 * page: antd's Input with its form and count machinery is ~8 KB gzip there.
 */
export function SearchField({ value, onChange, placeholder, className }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <span className={className ? `search-field ${className}` : 'search-field'}>
      <SearchOutlined className="search-field-icon" aria-hidden="true" />
      <input
        type="search"
        className="search-field-input"
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {value !== '' && (
        <button
          type="button"
          className="search-field-clear"
          aria-label={t('common.clearSearch')}
          onClick={() => onChange('')}
        >
          <CloseCircleFilled />
        </button>
      )}
    </span>
  );
}
