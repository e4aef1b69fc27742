/* fatekit page bundle of sources 785f6a1e1ad5581da5f8a56083433db35241b8a7b723b180a9277a737da771dc */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j}from"./chunk-EHK2NHW5.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
