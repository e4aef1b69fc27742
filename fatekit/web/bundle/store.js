/* fatekit page bundle of sources d824e3fcc6536276d1af801eac7dfaa2e54f42ef8a59446cfdf4e221d4ef07ed */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-IMLZZX5R.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
